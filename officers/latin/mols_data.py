"""Printed data behind :mod:`officers.latin.mutually_orthogonal`: the published table of MOLS and the sets,
difference matrices and vectors that the sources print, each with its source.

The table
    :data:`HANDBOOK_TABLE` is Table 3.87 of the Handbook of Combinatorial Designs (C. J.
    Colbourn and J. H. Dinitz, eds., 2nd ed., Chapman & Hall/CRC 2007, §III.3), the largest
    number of MOLS of order ``n`` known, for ``n < 600``, with J. H. Dinitz's update for
    ``n = 60`` (5), as SageMath's ``MOLS_handbook_data`` reproduces it. :data:`UPDATES` are
    the later results for ``n < 600`` that raise it: 4 MOLS of order 14 (D. T. Todorov, "Four
    mutually orthogonal Latin squares of order 14", J. Combin. Des. 20 (2012) 363-367) and 5 of
    order 18 (R. J. R. Abel, "Existence of five MOLS of orders 18 and 60", J. Combin. Des. 23
    (2015) 135-139). :func:`lower_bound` is the table with its updates.

>>> lower_bound(10), lower_bound(14), lower_bound(18), HANDBOOK_TABLE[14]
(2, 4, 5, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

__all__ = ["DIRECT", "HANDBOOK_TABLE", "UPDATES", "lower_bound"]

# fmt: off
HANDBOOK_TABLE: Final[tuple[int, ...]] = (
    0, 0, 1, 2, 3, 4, 1, 6, 7, 8, 2, 10, 5, 12, 3, 4, 15, 16, 3, 18,  # 0
    4, 5, 3, 22, 7, 24, 4, 26, 5, 28, 4, 30, 31, 5, 4, 5, 8, 36, 4, 5,  # 20
    7, 40, 5, 42, 5, 6, 4, 46, 8, 48, 6, 5, 5, 52, 5, 6, 7, 7, 5, 58,  # 40
    5, 60, 5, 6, 63, 7, 5, 66, 5, 6, 6, 70, 7, 72, 5, 7, 6, 6, 6, 78,  # 60
    9, 80, 8, 82, 6, 6, 6, 6, 7, 88, 6, 7, 6, 6, 6, 6, 7, 96, 6, 8,  # 80
    8, 100, 6, 102, 7, 7, 6, 106, 6, 108, 6, 6, 13, 112, 6, 7, 6, 8, 6, 6,  # 100
    7, 120, 6, 6, 6, 124, 6, 126, 127, 7, 6, 130, 6, 7, 6, 7, 7, 136, 6, 138,  # 120
    6, 7, 6, 10, 10, 7, 6, 7, 6, 148, 6, 150, 7, 8, 8, 7, 6, 156, 7, 6,  # 140
    9, 7, 6, 162, 6, 7, 6, 166, 7, 168, 6, 8, 6, 172, 6, 6, 14, 9, 6, 178,  # 160
    6, 180, 6, 6, 7, 9, 6, 10, 6, 8, 6, 190, 7, 192, 6, 7, 6, 196, 6, 198,  # 180
    7, 8, 6, 7, 6, 8, 6, 8, 14, 11, 10, 210, 6, 7, 6, 7, 7, 8, 6, 10,  # 200
    6, 12, 6, 222, 13, 8, 6, 226, 6, 228, 6, 7, 7, 232, 6, 7, 6, 7, 6, 238,  # 220
    7, 240, 6, 242, 6, 7, 6, 12, 7, 7, 6, 250, 6, 12, 9, 7, 255, 256, 6, 12,  # 240
    6, 8, 8, 262, 7, 8, 7, 10, 7, 268, 7, 270, 15, 16, 6, 13, 10, 276, 6, 9,  # 260
    7, 280, 6, 282, 6, 12, 6, 7, 15, 288, 6, 6, 6, 292, 6, 6, 7, 10, 10, 12,  # 280
    7, 7, 7, 7, 15, 15, 6, 306, 7, 7, 7, 310, 7, 312, 7, 10, 7, 316, 7, 10,  # 300
    15, 15, 6, 16, 8, 12, 6, 7, 7, 9, 6, 330, 7, 8, 7, 6, 8, 336, 6, 7,  # 320
    6, 10, 10, 342, 7, 7, 6, 346, 6, 348, 8, 12, 18, 352, 6, 9, 7, 9, 6, 358,  # 340
    8, 360, 6, 7, 7, 10, 6, 366, 15, 15, 7, 15, 7, 372, 7, 15, 7, 13, 7, 378,  # 360
    7, 12, 7, 382, 15, 15, 7, 15, 7, 388, 7, 16, 7, 8, 7, 7, 8, 396, 7, 7,  # 380
    15, 400, 7, 15, 11, 8, 7, 15, 8, 408, 7, 13, 8, 12, 10, 9, 18, 15, 7, 418,  # 400
    7, 420, 7, 15, 7, 16, 6, 7, 7, 10, 6, 430, 15, 432, 6, 15, 6, 18, 7, 438,  # 420
    7, 15, 7, 442, 7, 13, 7, 11, 15, 448, 7, 15, 7, 7, 7, 15, 7, 456, 7, 16,  # 440
    7, 460, 7, 462, 15, 15, 7, 466, 8, 8, 7, 15, 7, 15, 10, 18, 7, 15, 6, 478,  # 460
    15, 15, 6, 15, 8, 7, 6, 486, 7, 15, 6, 490, 6, 16, 6, 7, 15, 15, 6, 498,  # 480
    7, 12, 9, 502, 7, 15, 6, 15, 7, 508, 6, 15, 511, 18, 7, 15, 8, 12, 8, 15,  # 500
    8, 520, 10, 522, 12, 15, 8, 16, 15, 528, 7, 15, 8, 12, 7, 15, 8, 15, 10, 15,  # 520
    12, 540, 7, 15, 18, 7, 7, 546, 7, 8, 7, 18, 7, 7, 7, 7, 7, 556, 7, 12,  # 540
    15, 7, 7, 562, 7, 7, 6, 7, 7, 568, 6, 570, 7, 7, 15, 22, 8, 576, 7, 7,  # 560
    7, 8, 7, 10, 7, 8, 7, 586, 7, 18, 17, 7, 15, 592, 8, 15, 7, 7, 8, 598,  # 580
)
# fmt: on
"""Table 3.87 of the Handbook (2nd ed.), ``n < 600``: the number of MOLS of order ``n`` known
(0 for orders 0 and 1, where any number exists)."""

UPDATES: Final[dict[int, tuple[int, str]]] = {
    14: (4, "Todorov 2012, J. Combin. Des. 20, 363-367"),
    18: (5, "Abel 2015, J. Combin. Des. 23, 135-139"),
}
"""Orders whose number of MOLS known rose after the Handbook's table: ``n: (k, source)``."""


def lower_bound(n: int) -> int:
    """The published number of MOLS of order ``n`` known (``2 <= n < 600``): Table 3.87 of the
    Handbook with :data:`UPDATES`.

    >>> lower_bound(12), lower_bound(100)
    (5, 8)
    """
    if n in UPDATES:
        return UPDATES[n][0]
    return HANDBOOK_TABLE[n]


# --- sets printed by their finders -----------------------------------------------------------


def _from_letters(text: str, k: int) -> list[tuple[int, ...]]:
    """The ``OA(k + 2, n)`` of ``k`` MOLS written as words of letters ``a``, ``b``, ...: row
    ``r`` of the squares is the ``r``-th line, square ``i`` its ``i``-th word."""
    words = text.split()
    n = len(words[0])
    rows = []
    for r in range(n):
        line = words[r * k : (r + 1) * k]
        for c in range(n):
            rows.append((r, c, *(ord(word[c]) - 97 for word in line)))
    return rows


_MOLS_12_5 = """
abcdefghijkl abcdefghijkl abcdefghijkl abcdefghijkl abcdefghijkl
badcfehgjilk ghefklijcdab dcbahgfelkji jilkbadcfehg klijcdabghef
cdabghefklij efghijklabcd lkjidcbahgfe ijklabcdefgh fehgjilkbadc
dcbahgfelkji cdabghefklij ghefklijcdab badcfehgjilk hgfelkjidcba
ijklabcdefgh klijcdabghef efghijklabcd fehgjilkbadc jilkbadcfehg
jilkbadcfehg fehgjilkbadc hgfelkjidcba dcbahgfelkji lkjidcbahgfe
klijcdabghef hgfelkjidcba jilkbadcfehg cdabghefklij dcbahgfelkji
lkjidcbahgfe ijklabcdefgh badcfehgjilk efghijklabcd ghefklijcdab
efghijklabcd jilkbadcfehg fehgjilkbadc lkjidcbahgfe cdabghefklij
fehgjilkbadc dcbahgfelkji cdabghefklij ghefklijcdab badcfehgjilk
ghefklijcdab badcfehgjilk klijcdabghef hgfelkjidcba ijklabcdefgh
hgfelkjidcba lkjidcbahgfe ijklabcdefgh klijcdabghef efghijklabcd
"""
"""5 MOLS of order 12 found by B. D. McKay, as SageMath's designs database prints them
(``MOLS_12_5``)."""

_MOLS_14_4 = """
bjihgkecalnfmd  bfmcenidgjhalk  bcdefghijklmna  bcdefghijklmna
fckjbhledimagn  jcgndfalehkbim  gnkjdmiclbhaef  jflhnkaecmgdib
mgdlkcbafejnih  ikdhaegnmfblcj  lifhbjemkangcd  emkdjbgfnliahc
cnhemldbigfkaj  hjlebifkangcmd  dalmgnbjehcfik  anighmflkbdcej
edabfnmkcjhgli  gbkmfcjeliahdn  njcaeifhbdgkml  kebcajimdgfhln
nfeicgajldkbhm  khclngdafmjibe  mfbkcdlagnjihe  cgnflembihakjd
iagfjdhnkmelcb  elbdmahfignkjc  aemnhkjdcifblg  ilabkdnhfcjegm
dlnkeafimhcjbg  ceabkjnihdmgfl  hdnikbagmcelfj  ljgnihecbamfdk
gemalfihjnbdkc  adficlkmjbenhg  cgjflhnbiekdam  ndmabcjglfeikh
jhfnimgdbkacel  liegjdmhnkcfab  fkibmagenldhjc  mbhiefljadkncg
hkbgajnmeclidf  nmjfhkecbaldgi  imhlneckdfajgb  difjcnkamehgbl
ablchikgnfdmje  fankgbljdcimeh  klegafdnhjmcbi  ghckmlbdeinjaf
licmdbjfhagenk  mgialhcbkedjnf  jhadicmlfgbekn  fajlgidkhncbme
kmjdneclgbihfa  dnhjimbgclfeka  ebgcjlkfamindh  hkemdacngjblfi
"""
"""4 MOLS of order 14 (first found by D. T. Todorov 2012), from I. M. Wanless, as SageMath's
designs database prints them (``MOLS_14_4``)."""

_MOLS_15_4 = """
bcdefghijklmnoa  bdgiknfcamehjlo  bhealiofmdjgcnk  blhcmdinejofakg
abcdefghijklmno  acehjlogdbnfikm  lcifbmjagnekhdo  hcmidnejofkagbl
oabcdefghijklmn  nbdfikmahecogjl  amdjgcnkbhoflie  midnjeofkaglbhc
noabcdefghijklm  mocegjlnbifdahk  fbnekhdolciagmj  dnjeokfaglbhmci
mnoabcdefghijkl  lnadfhkmocjgebi  kgcoflieamdjbhn  jeokfalgbhmcind
lmnoabcdefghijk  jmobegilnadkhfc  olhdagmjfbnekci  ekfalgbmhcindjo
klmnoabcdefghij  dknacfhjmobelig  jamiebhnkgcofld  aflgbmhcnidjoek
jklmnoabcdefghi  helobdgiknacfmj  ekbnjfciolhdagm  lbgmhcnidojekaf
ijklmnoabcdefgh  kifmacehjlobdgn  nflcokgdjamiebh  gmchnidojeakflb
hijklmnoabcdefg  oljgnbdfikmaceh  iogmdalhekbnjfc  chndiojeakfblgm
ghijklmnoabcdef  iamkhocegjlnbdf  djahnebmiflcokg  ndioejakfblgcmh
fghijklmnoabcde  gjbnliadfhkmoce  hekbiofcnjgmdal  ioejafkblgcmhdn
efghijklmnoabcd  fhkcomjbegilnad  miflcjagdokhneb  ojafkbglcmhdnie
defghijklmnoabc  egildankcfhjmob  cnjgmdkbhealiof  fakbglchmdnieoj
cdefghijklmnoab  cfhjmeboldgikna  gdokhnelcifbmja  kgblchmdineojfa
"""
"""4 MOLS of order 15, from I. M. Wanless, as SageMath's designs database prints them
(``MOLS_15_4``)."""

_MOLS_18_3 = """
bgejhkmodcnarilpfq  beqpodgcflkrjahnim  bcdefghijklmnopqra
echfbilnprdokajmqg  gcfrqpehdnmlabkioj  rbkamfgdehqjinopcl
qfdigcjmohaeplkbnr  ehdgarqfibonmkcljp  mlbqhifgajdcrenopk
prgejhdbnaikfqmlco  jfiehkargqcponldmb  hijbcdefgqraklmnop
oqahfbiecpkjlgrnmd  hbgjfilkacrdqpomen  gderbkamfpclhqjino
dprkigcjfeqlbmhaon  kichbgjmlodaerqpnf  fgamlbqhiopkjdcren
geqaljhdbofrmcnikp  mljdichbngpekfarqo  efghijbcdnopqraklm
chfrkmbieqpgandojl  onmbejdicphqflgkar  amfgderbkinopclhqj
fdigalncjmrqhkoepb  dponcfbejaqirgmhlk  qhifgamlbrenopkjdc
lnbqcogpakmhdrifej  crhapeoqmkbgidnjfl  leqjponacbkidfgmhr
kmocrdphqblnieajgf  ndaikqfprmlchjeobg  kjmcrponhlbqeafgid
rlnpdaeqigcmojfkbh  aoekjlrgqhnmdibfpc  dqriklponajbcmhfge
jamoqekfrihdnpbglc  rkpflbmahdionejcgq  nacleqjpomhrbkidfg
abknprflgdjieoqchm  ialqgmcnkrejpofbdh  onhkjmcrpgidlbqeaf
hkcloqagmnebjfprdi  ljkmrhndoiafbqpgce  pondqriklfgeajbcmh
nildmprkhjofcbgqae  pmblnaioefjkgcrqhd  jponacleqdfgmhrbki
iojmenqalfbpgdchrk  fqncmokjpegblhdari  crponhkjmeafgidlbq
mjpbnforklgcqhedia  qgrodnplbjfhcmieka  iklpondqrcmhfgeajb
"""
"""3 MOLS of order 18, from I. M. Wanless, as SageMath's designs database prints them
(``MOLS_18_3``)."""

DIRECT: Final[dict[int, tuple[int, Callable[[], list[tuple[int, ...]]], str]]] = {
    12: (7, lambda: _from_letters(_MOLS_12_5, 5), "5 MOLS of order 12 (B. D. McKay)"),
    14: (
        6,
        lambda: _from_letters(_MOLS_14_4, 4),
        "4 MOLS of order 14 (Todorov 2012; I. M. Wanless)",
    ),
    15: (6, lambda: _from_letters(_MOLS_15_4, 4), "4 MOLS of order 15 (I. M. Wanless)"),
    18: (5, lambda: _from_letters(_MOLS_18_3, 3), "3 MOLS of order 18 (I. M. Wanless)"),
}
"""Sets printed by their finders: ``n: (k, rows, source)``, an ``OA(k, n)``."""


_HB = "Handbook III.3 (V(m,t) table)"
_BVR = "Brouwer and van Rees 1982, Discrete Math. 39, 263-281"
_COL = "Colbourn 1996, J. Statist. Plann. Inference 56, 93-104"
_ABEL11 = "Abel 2003, J. Combin. Des. 11, 304-306"
_ABEL12 = "Abel 2008, Australas. J. Combin. 40, 69-85"

V_VECTORS: Final[dict[tuple[int, int], tuple[tuple[int, ...], str]]] = {
    (3, 2): ((0, 1, 3, 6), _HB),
    (3, 4): ((0, 1, 3, 9), _HB),
    (3, 6): ((0, 1, 3, 7), _HB),
    (3, 10): ((0, 1, 4, 13), _HB),
    (3, 12): ((0, 1, 3, 10), _HB),
    (3, 14): ((0, 1, 4, 13), _HB),
    (3, 20): ((0, 1, 3, 13), _HB),
    (3, 24): ((0, 1, 3, 15), _HB),
    (3, 26): ((0, 1, 3, 8), _HB),
    (3, 32): ((0, 1, 3, 9), _HB),
    (3, 34): ((0, 1, 3, 7), _HB),
    (4, 3): ((0, 1, 3, 7, 2), _HB),
    (4, 7): ((0, 1, 3, 7, 19), _HB),
    (4, 9): ((0, 1, 3, 2, 8), _BVR),
    (4, 13): ((0, 1, 3, 7, 19), _HB),
    (4, 15): ((0, 1, 3, 7, 5), _HB),
    (4, 25): ((0, 1, 3, 2, 31), _HB),
    (5, 6): ((0, 1, 3, 7, 30, 17), _HB),
    (5, 8): ((0, 1, 3, 22, 14, 18), _HB),
    (5, 12): ((0, 1, 3, 7, 23, 50), _HB),
    (5, 14): ((0, 1, 3, 9, 25, 54), _HB),
    (5, 20): ((0, 1, 3, 10, 43, 91), _HB),
    (5, 26): ((0, 1, 3, 6, 48, 15), _HB),
    (6, 5): ((0, 1, 7, 30, 12, 21, 15), _HB),
    (6, 7): ((0, 1, 3, 16, 35, 26, 36), _COL),
    (6, 11): ((0, 1, 3, 14, 7, 24, 27), _HB),
    (6, 13): ((0, 1, 3, 7, 55, 47, 34), _HB),
    (6, 17): ((0, 1, 3, 2, 14, 99, 29), _HB),
    (6, 21): ((0, 1, 4, 13, 66, 93, 45), _HB),
    (7, 6): ((0, 1, 12, 27, 37, 16, 30, 35), _HB),
    (7, 10): ((0, 1, 3, 45, 9, 50, 28, 16), _HB),
    (7, 16): ((0, 1, 3, 7, 82, 72, 93, 39), _HB),
    (7, 18): ((0, 1, 3, 6, 97, 114, 99, 26), _HB),
    (8, 9): ((0, 1, 20, 70, 23, 59, 3, 8, 19), _COL),
    (8, 11): ((0, 1, 6, 56, 22, 35, 47, 23, 60), _COL),
    (8, 17): ((0, 1, 3, 2, 133, 126, 47, 109, 74), _COL),
    (8, 29): ((0, 1, 4, 11, 94, 60, 85, 16, 198), _COL),
    (8, 57): ((0, 1, 3, 2, 12, 333, 363, 154, 340), _BVR),
    (9, 12): ((0, 1, 4, 19, 56, 22, 83, 95, 52, 96), _HB),
    (9, 14): ((0, 1, 11, 25, 37, 8, 100, 23, 95, 42), _HB),
    (9, 18): ((0, 1, 3, 7, 36, 30, 158, 94, 52, 70), _HB),
    (9, 20): ((0, 1, 3, 19, 145, 70, 173, 159, 18, 85), _HB),
    (9, 22): ((0, 1, 3, 31, 99, 190, 174, 46, 87, 127), _HB),
    (9, 30): ((0, 1, 3, 8, 197, 68, 119, 13, 215, 105), _HB),
    (9, 34): ((0, 1, 3, 13, 140, 81, 74, 131, 303, 238), _HB),
    (9, 42): ((0, 1, 3, 6, 66, 258, 186, 346, 104, 152), _HB),
    (9, 44): ((0, 1, 4, 11, 144, 103, 216, 77, 160, 363), _HB),
    (10, 13): ((0, 1, 5, 10, 22, 6, 14, 9, 53, 129, 84), _COL),
    (10, 15): ((0, 1, 45, 146, 51, 97, 70, 137, 85, 133, 18), _HB),
    (10, 19): ((0, 1, 3, 96, 143, 156, 182, 142, 4, 189, 25), _COL),
    (10, 21): ((0, 1, 6, 188, 205, 39, 101, 113, 30, 32, 42), _HB),
    (10, 25): ((0, 1, 3, 85, 140, 178, 195, 22, 48, 179, 188), _COL),
    (10, 27): ((0, 1, 3, 82, 109, 241, 36, 112, 141, 263, 126), _COL),
    (10, 31): ((0, 1, 3, 57, 128, 247, 289, 239, 70, 271, 96), _COL),
    (10, 33): ((0, 1, 3, 67, 319, 44, 249, 146, 302, 282, 90), _HB),
    (10, 43): ((0, 1, 6, 29, 170, 207, 385, 290, 375, 32, 336), _COL),
    (10, 49): ((0, 1, 3, 8, 406, 72, 335, 197, 324, 383, 395), _HB),
    (11, 30): ((0, 1, 58, 61, 235, 82, 160, 120, 260, 161, 204, 174), _ABEL11),
    (11, 32): ((0, 1, 90, 6, 158, 125, 293, 76, 250, 123, 341, 79), _ABEL11),
    (11, 36): ((0, 1, 3, 57, 250, 77, 196, 255, 371, 107, 305, 260), _ABEL11),
    (11, 38): ((0, 1, 43, 27, 179, 37, 345, 70, 17, 255, 238, 147), _ABEL11),
    (11, 42): ((0, 1, 3, 12, 87, 104, 392, 328, 346, 314, 23, 359), _ABEL11),
    (12, 33): ((0, 1, 117, 331, 131, 309, 321, 386, 204, 276, 278, 40, 118), _ABEL12),
    (12, 35): ((0, 1, 110, 361, 349, 226, 98, 68, 80, 234, 347, 198, 321), _ABEL12),
    (12, 45): ((0, 1, 128, 372, 85, 361, 484, 394, 242, 41, 412, 388, 480), _ABEL12),
}
"""``(m, t): (vector, source)``: a ``V(m, t)`` vector over GF(mt + 1) (a prime here), so ``m``
MOLS of order ``(m + 1)t + 1``; the vectors with ``(m + 1)t + 1 < 600`` of the table SageMath
transcribes from the Handbook (§III.3) and the papers cited."""


def pbd_from_plane(v: int, base: tuple[int, ...], removed: list[int]) -> list[list[int]]:
    """The blocks of the cyclic projective plane (``v`` points, the translates of ``base``)
    with the points ``removed`` taken out, points renumbered ``0, 1, ...`` (empty blocks
    dropped): a pairwise balanced design."""
    gone = set(removed)
    rename = {x: i for i, x in enumerate(x for x in range(v) if x not in gone)}
    blocks = []
    for shift in range(v):
        block = [rename[(x + shift) % v] for x in base if (x + shift) % v not in gone]
        if block:
            blocks.append(block)
    return blocks


_B73 = (0, 19, 26, 14, 63, 15, 32, 35, 65)
_B91 = (0, 1, 3, 9, 27, 81, 61, 49, 56, 77)


def _pbd_254() -> tuple[list[list[int]], list[list[int]]]:
    """The (254, {11, 13, 16}) design of Greig (J. Combin. Des. 7 (1999) 341-374): the cyclic
    plane of order 19, whose base block has 7, 9 and 4 points in the classes modulo 3, kept on
    the points congruent to 0 and 1."""
    base = (
        0,
        1,
        19,
        28,
        96,
        118,
        151,
        153,
        176,
        202,
        240,
        254,
        290,
        296,
        300,
        307,
        337,
        361,
        366,
        369,
    )
    blocks = [
        [2 * (x // 3) + x % 3 for x in ((b + i) % 381 for b in base) if x % 3 < 2]
        for i in range(381)
    ]
    return blocks, []


def _pbd_185() -> tuple[list[list[int]], list[list[int]]]:
    """The (185, {11, 13, 17}) design of Greig (1999), as J. R. Abel describes it: the cyclic
    plane of order 16, whose points divisible by 39 form a Fano subplane; kept, the points on no
    line of the subplane and one line of it (17 points, a block carrying a whole ``OA(11, 17)``)."""
    base = (1, 2, 4, 8, 16, 32, 64, 91, 117, 128, 137, 182, 195, 205, 234, 239, 256)
    plane = [[(x + i) % 273 for x in base] for i in range(273)]
    fano_lines = [b for b in plane if sum(x % 39 == 0 for x in b) == 3]
    on_a_line = set().union(*fano_lines)
    kept = sorted(x for x in range(273) if x not in on_a_line) + sorted(fano_lines[0])
    rename = {x: i for i, x in enumerate(dict.fromkeys(kept))}
    special = sorted(rename[x] for x in fano_lines[0])
    blocks = [[rename[x] for x in b if x in rename] for b in plane]
    ordinary = [b for b in blocks if 1 < len(b) < 17]
    return ordinary, [special]


def _pbd_205() -> tuple[list[list[int]], list[list[int]]]:
    """The (205, {9, 13, 17}) design of Greig (1999, Theorem 8.7), as J. R. Abel describes it:
    in the cyclic plane of order 16 with the Baer subplane of the points divisible by 13, the
    lines through the point 0 (nine of those that meet the subplane once, the five that meet it
    in five points), less the subplane, are the groups of a GDD that one more point makes a
    design; its blocks of 9, disjoint, carry a whole ``OA(10, 9)``."""
    base = (0, 1, 22, 33, 83, 122, 135, 141, 145, 159, 175, 200, 226, 229, 231, 238, 246)
    plane = [[(x + i) % 273 for x in base] for i in range(273)]
    baer = set(range(0, 273, 13))
    through = sorted((b for b in plane if 0 in b), key=lambda b: len(baer.intersection(b)))
    groups = [[x for x in b if x not in baer] for b in through[3:]]
    rename = {x: i for i, x in enumerate(x for g in groups for x in g)}
    blocks = [[rename[x] for x in b if x in rename] for b in plane if 0 not in b]
    blocks += [[rename[x] for x in g] + [204] for g in groups]
    return [b for b in blocks if len(b) != 9], [b for b in blocks if len(b) == 9]


PBD_CONSTRUCTIONS: Final[
    dict[int, tuple[int, Callable[[], tuple[list[list[int]], list[list[int]]]], str]]
] = {
    66: (
        7,
        lambda: (pbd_from_plane(73, _B73, [-x % 73 for x in _B73][:7]), []),
        "the plane of order 8 less 7 points of an oval (J. R. Abel)",
    ),
    68: (
        7,
        lambda: (pbd_from_plane(73, _B73, [-x % 73 for x in _B73][:5]), []),
        "the plane of order 8 less 5 points of an oval (J. R. Abel)",
    ),
    74: (
        7,
        lambda: (pbd_from_plane(91, _B91, [-x % 91 for x in _B91][-7:] + list(_B91)), []),
        "the plane of order 9 less a line and 7 points of an oval (J. R. Abel)",
    ),
    185: (11, _pbd_185, "the plane of order 16 about a Fano subplane (Greig 1999)"),
    205: (10, _pbd_205, "the plane of order 16 about a Baer subplane (Greig 1999)"),
    254: (11, _pbd_254, "the plane of order 19, two classes modulo 3 (Greig 1999)"),
}
"""``n: (k, design, source)``: a pairwise balanced design on ``n`` points, its blocks (each of a
size ``s`` with an idempotent ``OA(k, s)``) and its disjoint blocks that carry a whole
``OA(k, s)``, so an ``OA(k, n)`` (:func:`officers.latin.mutually_orthogonal.oa_from_pbd`); the designs J. R.
Abel gave SageMath (``OA_7_66``, ``OA_7_68``, ``OA_7_74``, ``OA_11_185``, ``OA_10_205``,
``OA_11_254``)."""


SPECIAL_PLANES: Final[
    dict[int, tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]
] = {
    69: (8, 73, (1, 2, 4, 8, 16, 32, 37, 55, 64), (72, 71, 69, 65), (68, 27, 52)),
    76: (
        8,
        91,
        (0, 1, 3, 9, 27, 81, 61, 49, 56, 77),
        (2, 4, 5, 12, 24),
        (57, 83, 52, 13, 15, 64, 37, 50, 63, 31),
    ),
}
"""``n: (k, v, base, removed, doubled)``: J. R. Abel's ``OA(8, 69)`` and ``OA(8, 76)`` (as
SageMath's designs database gives them, ``OA_8_69`` and ``OA_8_76``). The cyclic plane on ``v``
points with base block ``base`` loses the points ``removed`` (at 76 also the block ``base``
itself); the blocks left of size 7 each hold points of ``doubled``, the points that lie in two
of them; each block of size 7 carries an ``OA(8, 7)`` (which has no idempotent form) whose
row ``(0, ..., 0)`` is dropped where the block's first point is a doubled point met a second
time; the other blocks carry idempotent ``OA(8, 8)`` and ``OA(8, 9)`` less their constant
rows; the points in no block of size 7 get their constant rows."""


def resolvable_120_8() -> list[list[list[int]]]:
    """A resolvable (120, 8, 1) design, as 17 classes of 15 disjoint blocks on ``0 .. 119``:
    Seiden's method, as J. R. Abel describes it (and SageMath's designs database gives it,
    ``RBIBD_120_8_1``). In the cyclic plane of order 16 a hyperoval (18 points, met by every
    line in 0 or 2 of them) leaves 120 lines that miss it: they are the points; each of the 255
    other points is a block (the 8 such lines through it); the 17 secants through one point of
    the hyperoval split those 255 points into the 17 classes."""
    base = (1, 2, 4, 8, 16, 32, 64, 91, 117, 128, 137, 182, 195, 205, 234, 239, 256)
    hyperoval = (
        128,
        192,
        194,
        4,
        262,
        140,
        175,
        48,
        81,
        180,
        245,
        271,
        119,
        212,
        249,
        189,
        62,
        255,
    )
    oval = set(hyperoval)
    lines = [[(x + i) % 273 for x in base] for i in range(273)]
    missing = [line for line in lines if not oval.intersection(line)]
    through = {x: [j for j, line in enumerate(missing) if x in line] for x in range(273)}
    secants = [line for line in lines if hyperoval[0] in line]
    return [[through[x] for x in line if x not in oval] for line in secants]


def fano_master_135() -> list[tuple[int, ...]]:
    """The master ``OA(16, 16)`` of J. R. Abel's ``OA(9, 135)`` (as SageMath's designs
    database describes it, ``OA_9_135``): the cyclic plane of order 16 less a point ``p`` on no
    line of its Fano subplane (the points divisible by 39) is a ``TD(17, 16)`` whose groups are
    the lines through ``p``; the first 9 columns are groups without a Fano point, the last 7
    the groups of the 7 Fano points, each relabelled so that its Fano point is 0. A row meets
    the Fano points in 0, 1 or 3 places."""
    base = (1, 2, 4, 8, 16, 32, 64, 91, 117, 128, 137, 182, 195, 205, 234, 239, 256)
    lines = [[(x + i) % 273 for x in base] for i in range(273)]
    fano = {x for x in range(273) if x % 39 == 0}
    fano_lines = [line for line in lines if len(fano.intersection(line)) == 3]
    p = min(set(range(273)).difference(*fano_lines))
    groups = [[x for x in line if x != p] for line in lines if p in line]
    with_fano = [g for g in groups if fano.intersection(g)]
    without = [g for g in groups if not fano.intersection(g)][:9]
    chosen = without + with_fano
    for g in with_fano:  # the Fano point first: its symbol is 0
        g.sort(key=lambda x: x not in fano)
    where = {x: (c, i) for c, g in enumerate(chosen) for i, x in enumerate(g)}
    rows = []
    for line in lines:
        if p in line:
            continue
        row = [0] * 16
        for x in line:
            if x in where:
                c, i = where[x]
                row[c] = i
        rows.append(tuple(row))
    return rows
