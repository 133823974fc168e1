"""Printed data behind :mod:`officers.latin.mols`: the published table of MOLS and the sets,
difference matrices and vectors that the sources print, each with its source.

The table
    :data:`HANDBOOK_TABLE` is Table 3.87 of the Handbook of Combinatorial Designs (C. J.
    Colbourn and J. H. Dinitz, eds., 2nd ed., Chapman & Hall/CRC 2007, §III.3.6), the largest
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


# --- difference matrices and quasi-difference matrices -----------------------------------------
#
# A matrix is given by its group (the orders of its cyclic factors: Z_a1 x ... x Z_ar, an element
# the tuple of its coordinates, or an int when the group is cyclic) and its columns, each a tuple
# of k elements (``None`` a blank of a quasi-difference matrix). The columns are developed from
# the printed base columns by the rules the Handbook prints with them (multipliers, cyclic
# shifts, added elements). Data: Handbook of Combinatorial Designs, 2nd ed., §III.3, as the
# examples cited; the same matrices appear in SageMath's designs database (database.py).

Element = int | tuple[int, ...] | None
Column = tuple[Element, ...]
Matrix = tuple[tuple[int, ...], list[Column]]


def _shift(column: tuple[Element, ...], by: int) -> tuple[Element, ...]:
    """The column rotated right by ``by`` places (``c[-by:] + c[:-by]``)."""
    by %= len(column)
    return column[len(column) - by :] + column[: len(column) - by] if by else column


def _cyclic(n: int, columns: list[tuple[Element, ...]]) -> Matrix:
    return (n,), [tuple(None if x is None else int(x) % n for x in c) for c in columns]  # type: ignore[arg-type]


def dm_21_6() -> Matrix:
    """A (Z_21, 6; 1) difference matrix: Handbook III.3.50."""
    base = [(8, 17, 20, 2), (9, 16, 4, 15), (11, 5, 10, 6), (14, 1, 3, 13), (18, 19, 12, 7)]
    columns: list[tuple[Element, ...]] = [(0,) * 6]
    for r in zip(*base, strict=True):
        for i in range(5):
            columns.append((*(r[(j + i) % 5] for j in range(5)), 0))
    return _cyclic(21, columns)


def dm_24_8() -> Matrix:
    """A (Z_2 x Z_2 x Z_6, 8; 1) difference matrix: Handbook III.3.52 (an entry ``abcd`` is
    ``(c, d, x)`` with ``x`` the element of Z_6 that is ``b`` modulo 2 and ``a`` modulo 3)."""
    text = (
        "0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 "
        "0000 0010 0100 0110 1000 1010 1100 1110 2000 2010 2100 2110 "
        "0000 0011 1001 2110 0111 2011 2111 1000 0100 1100 1101 2010 "
        "0000 1010 1011 2000 1101 2110 0001 0101 2100 2001 0111 1100 "
        "0000 0001 2010 1111 2111 2100 1101 0011 1010 2101 1000 0110 "
        "0000 1000 2001 1011 0100 1100 0110 2101 2111 0010 1111 2011 "
        "0000 1001 0111 2100 2000 0010 1110 2011 1100 1011 0101 2111 "
        "0000 1011 2101 0100 2110 1001 2000 0110 0101 1111 2011 1010 "
    )
    z6 = {(x % 2, x % 3): x for x in range(6)}
    words = text.split()
    values = [(int(w[2]), int(w[3]), z6[int(w[1]), int(w[0])]) for w in words]
    rows = [values[i * 12 : (i + 1) * 12] for i in range(8)]
    added = [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0), (0, 0, 3), (0, 1, 3), (1, 0, 3), (1, 1, 3)]
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        columns.append(column)
        columns.append(
            tuple(
                ((a + x) % 2, (b + y) % 2, (c + z) % 6)
                for (a, b, c), (x, y, z) in zip(column, added, strict=True)
            )
        )
    return (2, 2, 6), columns


def dm_28_6() -> Matrix:
    """A (Z_2 x Z_2 x Z_7, 6; 1) difference matrix: Handbook III.3.54 (an entry ``(x, y)`` is
    ``(x // 2, x % 2, y)``, ``x`` an element of GF(4) written 0, 1, z = 2, z + 1 = 3)."""
    z = 2
    base = [
        [(0, 0), (z + 1, 6), (1, 1), (1, 1), (1, 3), (1, 4), (0, 0), (1, 4), (z, 5)],
        [(z, 2), (0, 0), (1, 5), (z, 1), (z, 2), (z, 6), (z + 1, 3), (0, 0), (z, 1)],
        [
            (z, 3),
            (z + 1, 4),
            (0, 0),
            (z + 1, 5),
            (z + 1, 2),
            (z + 1, 4),
            (z + 1, 2),
            (1, 6),
            (0, 0),
        ],
        [(0, 5), (z, 6), (0, 5), (0, 6), (z, 3), (0, 0), (0, 4), (1, 5), (z + 1, 4)],
        [(0, 3), (0, 3), (z + 1, 5), (0, 0), (0, 5), (z + 1, 6), (1, 1), (0, 1), (z, 3)],
        [(1, 3), (0, 6), (0, 6), (1, 5), (0, 0), (0, 3), (z + 1, 6), (z, 2), (0, 2)],
    ]
    values = [[(x // 2, x % 2, y) for x, y in row] for row in base]
    columns: list[tuple[Element, ...]] = [((0, 0, 0),) * 6]
    for a, b, c, d, e, f in zip(*values, strict=True):
        columns += [(a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d)]
    return (2, 2, 7), columns


def dm_33_6() -> Matrix:
    """A (Z_33, 6; 1) difference matrix: Handbook III.3.56."""
    base = [
        [0, 0, 0, 0, 0, 0],
        [15, 11, 22, 4, 17, 8],
        [19, 7, 14, 32, 22, 18],
        [22, 19, 8, 24, 21, 6],
        [9, 12, 15, 7, 26, 14],
        [14, 28, 23, 2, 19, 3],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 6, (1, 4, 16, 31, 25, 22), (7, 28, 13, 19, 10, 0)]
    for r in zip(*base, strict=True):
        a, b, c, d, e, f = r
        for _ in range(5):
            columns.append((a, b, c, d, e, f))
            a, b, c, d, e, f = 4 * e, 4 * a, 4 * b, 4 * c, 4 * d, 4 * f
    return _cyclic(33, columns)


def dm_35_6() -> Matrix:
    """A (Z_35, 6; 1) difference matrix: Handbook III.3.58 (printed whole, less its row of
    zeros)."""
    text = """
    0 15 30 10 25 1 16 31 11 26 2 17 32 12 6 3 18 33 27 21 4 19 13 7 22 5 34 28 8 23 20 14 29 9 24
    0 22 16 3 4 9 10 32 26 13 18 5 27 14 15 20 7 1 23 31 29 2 24 11 19 17 25 12 6 28 33 34 21 8 30
    0 29 2 31 18 10 32 26 34 28 27 21 15 9 17 30 3 4 5 20 12 6 14 22 16 8 23 24 25 33 11 19 13 7 1
    0 8 9 17 11 25 19 27 28 1 15 23 31 4 26 12 6 14 29 16 2 3 18 33 34 20 7 22 30 24 10 32 5 13 21
    0 1 23 24 32 33 6 7 29 30 10 11 12 13 28 8 9 31 4 5 27 14 15 16 3 25 26 34 21 22 2 17 18 19 20
    """
    rows = [[int(x) for x in line.split()] for line in text.strip().splitlines()]
    rows.append([0] * 35)
    return _cyclic(35, list(zip(*rows, strict=True)))


def dm_36_9() -> Matrix:
    """A (Z_2 x Z_2 x Z_3 x Z_3, 9; 1) difference matrix: Handbook III.3.59."""
    text = """
    0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000
    0000 0100 1000 1100 0001 0101 1001 1101 0002 0102 1002 1102
    0000 1112 0021 0012 0120 0102 1111 0111 1110 1022 1001 1010
    0000 0010 1010 0100 1100 1020 1000 0120 1120 0020 1110 0110
    0000 0120 0010 1110 1020 1010 0100 0020 0110 1100 1120 1000
    0000 0110 0120 1120 1102 0012 1122 1002 1001 1011 0021 0111
    0000 1010 1101 1012 1022 0021 0101 0100 1122 0110 0012 1121
    0000 1100 0110 1021 0102 1022 0022 1110 1011 0121 1111 0002
    0000 1000 1110 0112 1121 0111 0011 1020 0122 1102 1022 0001
    """
    rows = [
        [tuple(int(ch) for ch in w) for w in line.split()] for line in text.strip().splitlines()
    ]
    shifts = [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 1), (2, 2), (1, 2), (2, 1)]
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        for y in range(3):
            columns.append(
                tuple(
                    (a, b, (c + s * y) % 3, (d + t * y) % 3)
                    for (a, b, c, d), (s, t) in zip(column, shifts, strict=True)
                )
            )
    return (2, 2, 3, 3), columns


def dm_39_6() -> Matrix:
    """A (Z_39, 6; 1) difference matrix: Handbook III.3.61."""
    base = [
        [0, 0, 0, 0, 0, 0],
        [4, 23, 13, 5, 12, 11],
        [25, 11, 22, 34, 23, 6],
        [13, 4, 20, 17, 15, 29],
        [27, 21, 8, 16, 19, 26],
        [16, 19, 34, 38, 26, 21],
    ]
    columns: list[tuple[Element, ...]] = [
        (0,) * 6,
        (1, 16, 22, 17, 38, 23),
        (-1, -16, -22, -17, -38, -23),
    ]
    for r in zip(*base, strict=True):
        a, b, c, d, e, f = r
        for _ in range(3):
            columns.append((a, b, c, d, e, f))
            columns.append((-a, -b, -c, -d, -e, -f))
            a, b, c, d, e, f = (16 * x for x in (c, a, b, f, d, e))
    return _cyclic(39, columns)


def dm_44_6() -> Matrix:
    """A (Z_2 x Z_2 x Z_11, 6; 1) difference matrix: Handbook III.3.64."""
    base = [
        [(0, 0, 0)] * 8,
        [(1, 1, 4), (0, 1, 4), (1, 1, 7), (1, 0, 6), (1, 1, 9), (0, 1, 2), (0, 1, 5), (0, 1, 1)],
        [(1, 0, 6), (0, 1, 3), (1, 0, 0), (0, 1, 9), (1, 1, 1), (0, 1, 4), (1, 1, 9), (1, 0, 9)],
        [(1, 1, 6), (1, 1, 9), (0, 1, 2), (1, 1, 0), (0, 1, 0), (1, 1, 5), (0, 0, 4), (0, 0, 9)],
        [(1, 0, 9), (0, 0, 2), (0, 0, 1), (1, 0, 2), (0, 0, 7), (1, 1, 6), (1, 1, 0), (1, 0, 7)],
        [(1, 0, 1), (1, 0, 6), (1, 1, 3), (0, 1, 5), (0, 0, 5), (0, 1, 3), (0, 1, 0), (1, 1, 0)],
    ]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*base, strict=True):
        column = list(r)
        for _ in range(5):
            columns.append(tuple(column))
            order = [4, 0, 1, 2, 3, 5]
            column = [(column[i][0], column[i][1], 5 * column[i][2] % 11) for i in order]
    for x, y, z in [(0, 0, 0), (1, 0, 1), (1, 1, 2), (0, 0, 8)]:
        columns.append((*((x, y, m * z % 11) for m in (1, 5, 3, 4, 9)), (0, 0, 0)))
    return (2, 2, 11), columns


def dm_45_7() -> Matrix:
    """A (Z_5 x Z_3 x Z_3, 7; 1) difference matrix: Handbook III.3.65, with the correction
    J. R. Abel gave SageMath."""
    base = [
        [(0, 0, 0), (2, 2, 1), (3, 1, 1), (4, 1, 2), (4, 0, 1), (0, 1, 1), (0, 2, 1), (3, 2, 2)],
        [(0, 0, 0), (1, 2, 1), (4, 2, 2), (1, 2, 0), (4, 1, 0), (3, 1, 1), (3, 0, 0), (2, 1, 2)],
        [(0, 0, 0), (4, 1, 1), (2, 2, 1), (3, 2, 0), (1, 2, 0), (2, 1, 0), (1, 0, 0), (3, 2, 1)],
        [(0, 0, 0), (0, 1, 0), (2, 1, 1), (4, 0, 0), (0, 0, 2), (4, 2, 2), (3, 2, 2), (1, 2, 2)],
        [(0, 0, 0), (3, 1, 2), (2, 1, 0), (0, 2, 2), (4, 2, 1), (0, 2, 1), (2, 0, 1), (1, 1, 2)],
        [(0, 0, 0), (2, 1, 1), (1, 2, 2), (3, 0, 1), (2, 0, 1), (1, 0, 0), (4, 2, 1), (1, 1, 0)],
        [(0, 0, 0)] * 8,
    ]
    rows = [list(row) for row in base]
    for i in range(6):
        rows[i].extend(base[5 - i][1:8])
    rows[6].extend(base[6][1:8])
    adds = [(0, 1), (2, 0), (1, 2), (2, 1), (1, 0), (0, 2), (0, 0)]  # times i, to (y, z)
    columns: list[tuple[Element, ...]] = []
    for r in zip(*rows, strict=True):
        for i in range(3):
            columns.append(
                tuple(
                    (x, (y + s * i) % 3, (z + t * i) % 3)
                    for (x, y, z), (s, t) in zip(r, adds, strict=True)
                )
            )
    return (5, 3, 3), columns


def dm_51_6() -> Matrix:
    """A (Z_51, 6; 1) difference matrix: Handbook III.3.69."""
    base = [
        [5, 33, 29, 30, 1],
        [8, 3, 47, 10, 13],
        [14, 27, 6, 12, 28],
        [9, 16, 44, 49, 11],
        [34, 32, 36, 26, 20],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 6]
    for r in zip(*base, strict=True):
        for i in range(5):
            column = r[5 - i :] + r[: 5 - i]  # rotated right i places
            columns.append((*column, 0))
            columns.append((*(-x for x in column), 0))
    return _cyclic(51, columns)


def qdm_19_6() -> Matrix:
    """A (19, 6; 1, 1; 1) quasi-difference matrix over Z_19: Handbook III.3.49."""
    base = [
        [None, 7, 13, 1, 16, 9, 2],
        [0, 1, 15, 7, 17, 6, 14],
        [0, 11, 10, 11, 5, 4, 3],
        [7, None, 13, 16, 1, 2, 9],
        [1, 0, 15, 17, 7, 14, 6],
        [11, 0, 10, 5, 11, 3, 4],
    ]
    columns: list[tuple[Element, ...]] = []
    for a, b, c, d, e, f in zip(*base, strict=True):
        columns += [(a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d)]
    return _cyclic(19, columns)


def qdm_21_5() -> Matrix:
    """A (21, 5; 1, 1; 1) quasi-difference matrix over Z_21: Handbook III.3.51."""
    base = [
        [1, 13, 18, 3, 16, 19, None],
        [16, 19, 1, 13, 18, 3, 0],
        [18, 3, 16, 19, 1, 13, 0],
        [6, 15, 6, 15, 6, 15, 0],
        [12, 9, 19, 16, 5, 2, 0],
    ]
    columns: list[tuple[Element, ...]] = [(0, 7, 14, None, 0), (0, 14, 7, 0, None)]
    for a, b, c, d, e in zip(*base, strict=True):
        assert b is not None and c is not None and d is not None and e is not None
        columns.append((a, b, c, d, e))
        columns.append((16 * c, None if a is None else 16 * a, 16 * b, 16 * d + 7, 16 * e + 14))
        columns.append((4 * b, 4 * c, None if a is None else 4 * a, 4 * d + 14, 4 * e + 7))
    return _cyclic(21, columns)


def qdm_21_6() -> Matrix:
    """A (21, 6; 1, 1; 5) quasi-difference matrix over Z_21: Handbook III.3.53."""
    base = [
        [None] * 5,
        [0] * 5,
        [1, 6, 7, 8, 14],
        [3, 11, 20, 18, 10],
        [6, 10, 14, 1, 5],
        [4, 19, 5, 12, 2],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 6]
    for r in zip(*base, strict=True):
        columns += [r[i:] + r[:i] for i in range(6)]
    return _cyclic(21, columns)


def qdm_25_6() -> Matrix:
    """A (25, 6; 1, 1; 5) quasi-difference matrix over Z_5 x Z_5: Handbook III.3.55."""
    base: list[list[tuple[int, int] | None]] = [
        [(0, 0), None, (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
        [(0, 0), (0, 0), None, (0, 4), (0, 2), (0, 3), (0, 1)],
        [(0, 0), (3, 1), (3, 0), None, (4, 0), (1, 0), (2, 0)],
        [(0, 0), (3, 0), (0, 2), (1, 2), None, (0, 1), (0, 3)],
        [(0, 0), (3, 3), (1, 2), (4, 2), (2, 0), None, (0, 4)],
        [(0, 0), (4, 2), (2, 4), (0, 3), (2, 3), (3, 2), None],
    ]
    adds = [(1, 1), (2, 1), (1, 0), (4, 0), (3, 4), (4, 4)]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*base, strict=True):
        for i in range(5):
            columns.append(
                tuple(
                    None if x is None else ((x[0] + s * i) % 5, (x[1] + t * i) % 5)
                    for x, (s, t) in zip(r, adds, strict=True)
                )
            )
    return (5, 5), columns


def qdm_33_6() -> Matrix:
    """A (33, 6; 1, 1; 1) quasi-difference matrix over Z_33: Handbook III.3.57."""
    base: list[list[int | None]] = [
        [None, 0, 0, 0, 0, 0],
        [30, 17, 10, 25, 23, 8],
        [22, 4, 32, 29, 28, 22],
        [25, 10, 20, 15, 21, 16],
        [0, 12, 15, 16, 32, 23],
        [6, 11, 18, 14, 9, 20],
    ]
    columns: list[tuple[Element, ...]] = [
        (0, 0, 0, 0, 0, 0),
        (1, 4, 16, 31, 25, 11),
        (3, 12, 15, 27, 9, 11),
        (10, 7, 28, 13, 19, 0),
        (5, 20, 14, 23, 26, None),
    ]

    def times4(x: int | None) -> int | None:
        return None if x is None else 4 * x

    for r in zip(*base, strict=True):
        a, b, c, d, e, f = r
        for _ in range(5):
            columns.append((a, b, c, d, e, f))
            a, b, c, d, e, f = (times4(x) for x in (e, a, b, c, d, f))
    return _cyclic(33, columns)


def qdm_37_6() -> Matrix:
    """A (37, 6; 1, 1; 1) quasi-difference matrix over Z_37: Handbook III.3.60."""
    base = [
        [None, 10, 1, 2, 6, 3, 22, 5, 7, 9, 14, 18, 28],
        [0, 1, 10, 20, 23, 30, 35, 13, 33, 16, 29, 32, 21],
        [0, 26, 26, 15, 8, 4, 17, 19, 34, 12, 31, 24, 25],
        [10, None, 10, 6, 2, 22, 3, 7, 5, 14, 9, 28, 18],
        [1, 0, 26, 23, 20, 35, 30, 33, 13, 29, 16, 21, 32],
        [26, 0, 1, 8, 15, 17, 4, 34, 19, 31, 12, 25, 24],
    ]
    columns: list[tuple[Element, ...]] = []
    for a, b, c, d, e, f in zip(*base, strict=True):
        columns += [(a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d)]
    return _cyclic(37, columns)


def _shifted_qdm(n: int, base: list[list[int | None]]) -> Matrix:
    """The columns of ``base`` and all their cyclic shifts (as many as the column is long)."""
    columns: list[tuple[Element, ...]] = []
    for r in zip(*base, strict=True):
        columns += [_shift(r, i) for i in range(len(r))]
    return _cyclic(n, columns)


def qdm_35_7() -> Matrix:
    """A (35, 7; 1, 1; 7) quasi-difference matrix over Z_35: Handbook III.3.63."""
    return _shifted_qdm(
        35,
        [
            [None] * 7,
            [0] * 7,
            [18, -18, 11, -11, 5, -5, 4],
            [26, -26, 10, -10, 30, -30, 23],
            [20, -20, 3, -3, 33, -33, 23],
            [5, -5, 25, -25, 24, -24, 4],
            [17, -17, 4, -4, 22, -22, 0],
        ],
    )


def qdm_45_7() -> Matrix:
    """A (45, 7; 1, 1; 9) quasi-difference matrix over Z_45: Handbook III.3.71."""
    return _shifted_qdm(
        45,
        [
            [None] * 9,
            [0] * 9,
            [1, 27, 16, 7, -1, -27, -16, -7, 3],
            [24, 40, 1, 35, -24, -40, -1, -35, 7],
            [10, 30, 22, 44, -10, -30, -22, -44, 7],
            [5, 18, 14, 33, -5, -18, -14, -33, 3],
            [30, 16, 33, 27, -30, -16, -33, -27, 0],
        ],
    )


def qdm_54_7() -> Matrix:
    """A (54, 7; 1, 1; 8) quasi-difference matrix over Z_54: Handbook III.3.74."""
    return _shifted_qdm(
        54,
        [
            [0, None, None, None, 0, None, None, None, None, None],
            [17, 0, 0, 0, -17, 0, 0, 0, 1, 11],
            [29, 28, 35, 23, -29, -28, -35, -23, 3, 19],
            [36, 50, 5, 33, -36, -50, -5, -33, 7, 33],
            [31, 2, 43, 30, -31, -2, -43, -30, 34, 33],
            [16, 47, 44, 51, -16, -47, -44, -51, 30, 19],
            [41, 11, 1, 17, -41, -11, -1, -17, 28, 11],
        ],
    )


def qdm_57_9(idempotent_oa_9_9: list[tuple[int, ...]]) -> Matrix:
    """A (57, 9; 1, 1; 8) quasi-difference matrix over Z_57, from J. R. Abel (as SageMath's
    designs database gives it): the base block ``{1, 6, 7, 9, 19, 38, 42, 49}`` of a cyclic
    (57, 8, 1) design and a point at infinity stand in for the symbols of an idempotent
    ``OA(9, 9)`` without its constant rows."""
    block: list[int | None] = [None, 1, 6, 7, 9, 19, 38, 42, 49]
    columns: list[tuple[Element, ...]] = [
        tuple(block[x] for x in row) for row in idempotent_oa_9_9 if any(x != row[0] for x in row)
    ]
    columns.append((0,) * 9)
    return _cyclic(57, columns)


def _f2_tables(e: int, low: int) -> tuple[list[int], int]:
    """The powers ``w**0 .. w**(2**e - 2)`` of ``w`` in GF(2**e) whose modulus is
    ``x**e + low`` (``low`` as bits), elements as bit vectors (bit ``i`` the coefficient of
    ``w**i``), and the order of ``w``."""
    powers = [1]
    for _ in range(2**e - 2):
        x = powers[-1] << 1
        if x >> e:
            x = (x ^ (1 << e)) ^ low
        powers.append(x)
    return powers, 2**e - 1


def _bits(x: int, e: int) -> tuple[int, ...]:
    return tuple(x >> i & 1 for i in range(e))


def dm_48_9() -> Matrix:
    """A (Z_3 x GF(16), 9; 1) difference matrix: Handbook III.3.67 (``(a, b)`` is ``(a, w**b)``
    with ``w**4 = w + 1``)."""
    text = """
    0,4 2,2 2,2 0,13 0,4 2,13 0,1 0,7 1,7 2,2 0,6 2,9
    2,7 0,9 2,7 2,3 0,3 0,9 1,12 0,6 0,12 2,14 2,7 0,11
    2,12 2,12 0,14 0,14 2,8 0,8 0,2 1,2 0,11 0,1 2,4 2,12
    1,3 0,2 0,10 0,14 0,9 1,3 0,12 2,13 2,1 2,9 2,0 1,7
    0,0 1,8 0,7 1,8 0,4 0,14 2,6 0,2 2,3 1,12 2,14 2,5
    0,12 0,5 1,13 0,4 1,13 0,9 2,8 2,11 0,7 2,10 1,2 2,4
    1,12 2,0 1,14 0,6 1,9 0,14 1,4 0,5 1,8 1,3 2,1 1,1
    1,4 1,2 2,5 0,4 0,11 1,14 1,13 1,9 0,10 1,6 1,8 2,6
    2,10 1,9 1,7 1,4 0,9 0,1 0,0 1,3 1,14 2,11 1,11 1,13
    """
    powers, order = _f2_tables(4, 0b0011)
    rows = [
        [tuple(int(v) for v in pair.split(",")) for pair in line.split()]
        for line in text.strip().splitlines()
    ]
    exponents = [12, 2, 7, 0, 5, 10, 3, 8, 13]
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        entries = [(a, powers[b % order]) for a, b in column]
        columns.append(tuple((a, *_bits(f, 4)) for a, f in entries))
        for u in (0, 1, 4):
            columns.append(
                tuple(
                    (a, *_bits(f ^ powers[(x + u) % order], 4))
                    for (a, f), x in zip(entries, exponents, strict=True)
                )
            )
    return (3, 2, 2, 2, 2), columns


_Step = Callable[[list[tuple[int, int]]], list[tuple[int, int]]]


def dm_52_6() -> Matrix:
    """A (GF(4) x Z_13, 6; 1) difference matrix: Handbook III.3.70 (GF(4) = {0, 1, z, z**2},
    ``z**2 = z + 1``, written 0, 1, 2, 3 and added as bit vectors)."""
    z, zz = 2, 3
    base = [
        [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
        [(zz, 10), (0, 7), (1, 10), (z, 10), (zz, 3)],
        [(z, 10), (zz, 2), (1, 11), (z, 2), (zz, 7)],
        [(z, 8), (zz, 12), (0, 10), (zz, 11), (zz, 6)],
        [(1, 2), (0, 2), (zz, 8), (z, 3), (z, 7)],
        [(1, 6), (z, 12), (0, 7), (zz, 6), (z, 2)],
    ]
    extra = [
        [(1, 1), (zz, 11)],
        [(z, 3), (1, 7)],
        [(zz, 9), (z, 8)],
        [(1, 4), (zz, 3)],
        [(z, 12), (1, 9)],
        [(zz, 10), (z, 1)],
    ]

    def times_z(x: int) -> int:  # (a + b z) z = b + (a + b) z
        a, b = x & 1, x >> 1
        return b | ((a ^ b) << 1)

    def t1(r: list[tuple[int, int]]) -> list[tuple[int, int]]:
        order = [2, 0, 1, 5, 3, 4]
        return [(times_z(r[i][0]), 3 * r[i][1] % 13) for i in order]

    def t2(r: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [r[i] for i in (2, 0, 1, 4, 5, 3)]

    def repeat(f: _Step, times: int, r: list[tuple[int, int]]) -> list[tuple[int, int]]:
        for _ in range(times):
            r = f(r)
        return r

    found: list[list[tuple[int, int]]] = [[(0, 0)] * 6]
    for column in zip(*base, strict=True):
        for c1 in (1, 2, 3):
            for c2 in (1, 2, 3):
                found.append(repeat(t2, c2, repeat(t1, c1, list(column))))
    for column in zip(*extra, strict=True):
        for c2 in (1, 2, 3):
            found.append(repeat(t2, c2, list(column)))
    columns: list[tuple[Element, ...]] = [tuple((x & 1, x >> 1, y) for x, y in r) for r in found]
    return (2, 2, 13), columns


def dm_55_7() -> Matrix:
    """A (Z_55, 7; 1) difference matrix: Handbook III.3.72."""
    base = [
        [1, 7, 14, 19, 28, 33, 40, 46, 50],
        [2, 13, 25, 38, 52, 12, 20, 32, 45],
        [39, 6, 8, 26, 24, 51, 11, 34, 37],
        [54, 48, 41, 36, 27, 22, 15, 9, 5],
        [53, 42, 30, 17, 3, 43, 35, 23, 10],
        [16, 49, 47, 29, 31, 4, 44, 21, 18],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 7]
    for r in zip(*base, strict=True):
        columns += [(*_shift(r, c), 0) for c in range(6)]
    return _cyclic(55, columns)


def dm_56_8() -> Matrix:
    """A (GF(8) x Z_7, 8; 1) difference matrix: Handbook III.3.73 (``w**3 = w + 1``; an entry
    ``(i, y)`` is ``(w**i, y)``, ``(None, y)`` is ``(0, y)``, and the last row is ``(1, 0)``)."""
    powers, _ = _f2_tables(3, 0b011)
    rows: list[list[tuple[int, int]]] = []
    second = [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [1, 6, 1, 1, 6, 1, 6, 6],
        [4, 3, 4, 4, 3, 4, 3, 3],
        [2, 5, 2, 2, 5, 2, 5, 5],
        [2, 5, 2, 2, 5, 2, 5, 5],
        [4, 3, 4, 4, 3, 4, 3, 3],
        [1, 6, 1, 1, 6, 1, 6, 6],
    ]
    for i in range(7):  # row i: (0, y0), (w**i, y1), (w**(i+1), y2), ..., (w**(i+6), y7)
        rows.append(
            [(0, second[i][0])] + [(powers[(i + j) % 7], second[i][j + 1]) for j in range(7)]
        )
    rows.append([(1, 0)] * 8)
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        r = list(column)
        for _ in range(7):
            columns.append(tuple((*_bits(x, 3), y) for x, y in r))
            order = [6, 0, 1, 2, 3, 4, 5, 7]
            r = [(_times_w(r[i][0], powers), r[i][1]) for i in order]
    return (2, 2, 2, 7), columns


def _times_w(x: int, powers: list[int]) -> int:
    """``w * x`` in the field whose powers of ``w`` are ``powers``."""
    if x == 0:
        return 0
    return powers[(powers.index(x) + 1) % len(powers)]


def dm_57_8(idempotent_oa_8_8: list[tuple[int, ...]]) -> Matrix:
    """A (Z_57, 8; 1) difference matrix from J. R. Abel (as SageMath's designs database gives
    it): the base block ``{1, 6, 7, 9, 19, 38, 42, 49}`` of a cyclic (57, 8, 1) design stands in
    for the symbols of an idempotent ``OA(8, 8)`` without its constant rows."""
    block = (1, 6, 7, 9, 19, 38, 42, 49)
    columns: list[tuple[Element, ...]] = [
        tuple(block[x] for x in row) for row in idempotent_oa_8_8 if any(x != row[0] for x in row)
    ]
    columns.append((0,) * 8)
    return _cyclic(57, columns)


def dm_60_6() -> Matrix:
    """A (Z_2 x Z_30, 6; 1) difference matrix: R. J. R. Abel, "Existence of five MOLS of orders
    18 and 60", J. Combin. Des. 23 (2015) 135-139."""
    base = [
        [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
        [(1, 10), (1, 6), (0, 17), (0, 7), (1, 5), (0, 9), (0, 3), (1, 13), (1, 17), (0, 13)],
        [(1, 22), (1, 1), (1, 8), (0, 9), (1, 21), (1, 29), (1, 0), (0, 2), (0, 12), (1, 15)],
        [(1, 24), (1, 1), (0, 14), (0, 0), (0, 16), (0, 18), (0, 8), (0, 28), (0, 17), (0, 7)],
        [(0, 17), (0, 7), (0, 20), (0, 1), (1, 4), (0, 26), (0, 19), (0, 28), (1, 21), (0, 6)],
        [(1, 14), (1, 9), (0, 10), (0, 27), (1, 20), (0, 11), (0, 13), (1, 12), (0, 28), (1, 18)],
    ]

    def neg(x: tuple[int, int], plus: int = 0) -> tuple[int, int]:
        return ((-x[0] + plus) % 2, -x[1] % 30)

    columns: list[tuple[Element, ...]] = []
    for a, b, c, d, e, f in zip(*base, strict=True):
        columns += [(a, b, c, d, e, f), (c, a, b, e, f, d), (b, c, a, f, d, e)]
        columns.append((neg(d), neg(e), neg(f), neg(a, 1), neg(b, 1), neg(c, 1)))
        columns.append((neg(e), neg(f), neg(d), neg(c, 1), neg(a, 1), neg(b, 1)))
        columns.append((neg(f), neg(d), neg(e), neg(b, 1), neg(c, 1), neg(a, 1)))
    return (2, 30), columns


def dm_75_8() -> Matrix:
    """A (Z_3 x Z_5 x Z_5, 8; 1) difference matrix: Handbook III.3.75."""
    base = [
        [(2, 0, 0), (0, 0, 0), (0, 0, 0), (1, 0, 0), (0, 0, 0), (1, 0, 0), (1, 0, 0), (0, 0, 0)],
        [(0, 2, 3), (1, 4, 4), (1, 1, 3), (1, 0, 4), (2, 4, 3), (0, 0, 3), (1, 4, 4), (0, 0, 0)],
        [(1, 3, 2), (2, 1, 1), (1, 4, 0), (0, 3, 0), (1, 0, 4), (2, 4, 1), (0, 1, 2), (0, 0, 0)],
        [(0, 2, 4), (1, 3, 1), (2, 0, 2), (0, 0, 1), (2, 4, 0), (1, 2, 2), (0, 0, 0), (0, 0, 0)],
        [(1, 1, 2), (2, 2, 3), (0, 3, 1), (1, 4, 2), (2, 1, 0), (1, 4, 3), (2, 4, 4), (0, 0, 0)],
        [(0, 1, 4), (0, 4, 4), (2, 4, 1), (1, 3, 0), (1, 3, 1), (2, 0, 0), (2, 4, 0), (0, 0, 0)],
        [(0, 4, 4), (2, 0, 1), (2, 3, 3), (2, 3, 2), (0, 0, 2), (2, 1, 2), (1, 4, 2), (0, 0, 0)],
        [(2, 4, 2), (2, 4, 1), (2, 3, 1), (1, 2, 2), (1, 3, 0), (0, 0, 2), (2, 4, 2), (0, 0, 0)],
    ]
    rows = [row + base[7 - i][:7] for i, row in enumerate(base)]
    adds = [(0, 1), (1, 0), (1, 2), (2, 2), (3, 3), (4, 3), (4, 0), (0, 4)]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*rows, strict=True):
        for x in range(5):
            columns.append(
                tuple(
                    (a, (b + s * x) % 5, (c + t * x) % 5)
                    for (a, b, c), (s, t) in zip(r, adds, strict=True)
                )
            )
    return (3, 5, 5), columns


def oa_7_18_columns() -> Matrix:
    """The 36 columns over Z_2 x Z_3 x Z_3 behind R. J. R. Abel's ``OA(7, 18)`` (five MOLS of
    order 18: J. Combin. Des. 23 (2015) 135-139), as SageMath's designs database gives them
    (``OA_7_18``); developed over the subgroup ``{0} x Z_3 x Z_3`` only, they give the 324 rows
    of an ``OA(7, 18)``."""
    text = """
    000 100 100 000 100 100 100 000 000 000 100 000
    000 020 100 100 000 120 110 110 010 020 010 120
    000 100 022 102 112 001 101 120 121 001 020 002
    000 002 100 002 102 122 010 111 110 121 021 001
    000 021 000 100 020 112 100 021 112 102 102 012
    000 000 011 010 100 010 110 122 011 121 120 111
    000 100 002 022 011 121 020 122 100 010 112 112
    """
    rows = [[tuple(int(c) for c in w) for w in line.split()] for line in text.strip().splitlines()]
    adds = [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*rows, strict=True):
        for y in range(3):
            columns.append(
                tuple(
                    (a, (b + s * y) % 3, (c + t * y) % 3)
                    for (a, b, c), (s, t) in zip(r, adds, strict=True)
                )
            )
    return (2, 3, 3), columns


def abel_cheng(
    g: int, c: int, a: list[list[tuple[int, int | None]]], y: list[int | None]
) -> Matrix:
    """The ``(Z_g x GF(2**c), k - 1; 1)`` difference matrix of R. J. R. Abel and Y. W. Cheng
    ("Some new MOLS of order 2np for p a prime power", Australas. J. Combin. 10 (1994); Abel's
    thesis, UNSW 1995): ``a`` is a ``(k - 1) x 2g`` array over ``Z_g x GF(2**c)`` (``(x, i)``
    is ``(x, w**i)``, ``(x, None)`` is ``(x, 0)``; ``w`` a root of the Conway polynomial, so
    ``w**3 = w + 1`` in GF(8) and ``w**4 = w + 1`` in GF(16)) whose first parts form a
    ``(Z_g, k - 1, 2)`` difference matrix, and ``y`` a vector over GF(2**c); the columns are
    ``a[i][s] + (0, y[i]*v)`` for ``v`` in the hyperplane spanned by ``w**0 .. w**(c-2)``."""
    powers, order = _f2_tables(c, 0b011)
    log = {x: i for i, x in enumerate(powers)}

    def element(i: int | None) -> int:
        return 0 if i is None else powers[i % order]

    def times(x: int, v: int) -> int:
        return 0 if x == 0 or v == 0 else powers[(log[x] + log[v]) % order]

    hyperplane = [0]
    for i in range(c - 1):
        hyperplane += [v ^ powers[i] for v in hyperplane]
    rows = []
    for yi, row in zip(y, a, strict=True):
        factor = element(yi)
        rows.append(
            [(x, *_bits(element(f) ^ times(factor, v), c)) for v in hyperplane for x, f in row]
        )
    return (g, *([2] * c)), [tuple(column) for column in zip(*rows, strict=True)]


def dm_40_8() -> Matrix:
    """The (Z_5 x GF(8), 8; 1) difference matrix behind an ``OA(9, 40)`` (7 MOLS of order 40):
    Handbook III.3.62, by :func:`abel_cheng`."""
    n = None
    a: list[list[tuple[int, int | None]]] = [
        [(0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n)],
        [(0, n), (1, n), (2, 2), (3, 2), (4, 2), (2, n), (3, n), (4, n), (0, 2), (1, 2)],
        [(0, n), (2, 5), (4, 5), (1, 2), (3, 6), (3, 4), (0, 0), (2, 1), (4, 1), (1, 6)],
        [(0, n), (3, 4), (1, 4), (4, 0), (2, 5), (3, n), (1, 0), (4, 1), (2, 2), (0, 3)],
        [(0, n), (4, 6), (3, n), (2, 3), (1, 4), (2, 1), (1, n), (0, 4), (4, 0), (3, 2)],
        [(0, n), (1, 2), (4, 6), (4, 4), (1, 0), (0, 6), (2, 3), (3, 6), (3, 5), (2, 5)],
        [(1, n), (0, 3), (1, 2), (4, 5), (4, n), (2, 3), (0, 0), (2, 2), (3, 0), (3, n)],
        [(4, n), (1, 3), (0, 0), (1, 1), (4, 0), (3, 1), (2, 5), (0, n), (2, 1), (3, n)],
    ]
    return abel_cheng(5, 3, a, [None, 0, 1, 6, 5, 4, 3, 2])


def dm_80_10() -> Matrix:
    """The (Z_5 x GF(16), 10; 1) difference matrix behind an ``OA(11, 80)`` (9 MOLS of order
    80): Handbook III.3.76, by :func:`abel_cheng`."""
    n = None
    a: list[list[tuple[int, int | None]]] = [
        [(0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n), (0, n)],
        [(0, n), (1, n), (2, 3), (3, n), (4, 3), (2, n), (3, 3), (4, n), (0, 3), (1, 3)],
        [(0, n), (2, 8), (4, 6), (1, 3), (3, 3), (3, 13), (0, 13), (2, 6), (4, 14), (1, 12)],
        [(0, n), (3, 11), (1, 0), (4, 9), (2, 0), (3, 7), (1, 8), (4, 10), (2, 10), (0, 11)],
        [(0, n), (4, 8), (3, 14), (2, 14), (1, 12), (2, 10), (1, 10), (0, 3), (4, 5), (3, 8)],
        [(0, n), (1, 8), (4, 14), (4, 12), (1, 1), (0, 1), (2, 8), (3, 12), (3, 6), (2, 1)],
        [(1, n), (0, 6), (1, 1), (4, 4), (4, 13), (2, 6), (0, 14), (2, 9), (3, 0), (3, 3)],
        [(4, n), (1, 9), (0, 7), (1, 1), (4, 8), (3, 5), (2, 14), (0, 0), (2, n), (3, 0)],
        [(4, n), (4, 6), (1, 2), (0, n), (1, 13), (3, 8), (3, 2), (2, 0), (0, 14), (2, n)],
        [(1, n), (4, 9), (4, 1), (1, 0), (0, 4), (2, 5), (3, n), (3, 5), (2, n), (0, n)],
    ]
    return abel_cheng(5, 4, a, [None, 0, 1, 14, 12, 7, 2, 11, 3, 6])


DIFFERENCE_MATRICES: Final[dict[int, tuple[int, Callable[[], Matrix], str]]] = {
    21: (6, dm_21_6, "Handbook III.3.50"),
    24: (8, dm_24_8, "Handbook III.3.52"),
    28: (6, dm_28_6, "Handbook III.3.54"),
    33: (6, dm_33_6, "Handbook III.3.56"),
    35: (6, dm_35_6, "Handbook III.3.58"),
    36: (9, dm_36_9, "Handbook III.3.59"),
    40: (8, dm_40_8, "Handbook III.3.62; Abel and Cheng 1994"),
    39: (6, dm_39_6, "Handbook III.3.61"),
    44: (6, dm_44_6, "Handbook III.3.64"),
    45: (7, dm_45_7, "Handbook III.3.65"),
    48: (9, dm_48_9, "Handbook III.3.67"),
    51: (6, dm_51_6, "Handbook III.3.69"),
    52: (6, dm_52_6, "Handbook III.3.70"),
    55: (7, dm_55_7, "Handbook III.3.72"),
    56: (8, dm_56_8, "Handbook III.3.73"),
    60: (6, dm_60_6, "Abel 2015, J. Combin. Des. 23, 135-139"),
    75: (8, dm_75_8, "Handbook III.3.75"),
    80: (10, dm_80_10, "Handbook III.3.76; Abel and Cheng 1994"),
}
"""``n: (k, matrix, source)``: a ``(G, k; 1)`` difference matrix over a group of order ``n``,
so an ``OA(k + 1, n)``. The (57, 8; 1) one, which needs an ``OA(8, 8)``, is :func:`dm_57_8`."""

QUASI_DIFFERENCE_MATRICES: Final[dict[int, tuple[int, int, Callable[[], Matrix], str]]] = {
    20: (6, 1, qdm_19_6, "Handbook III.3.49"),
    22: (5, 1, qdm_21_5, "Handbook III.3.51"),
    26: (6, 5, qdm_21_6, "Handbook III.3.53"),
    30: (6, 5, qdm_25_6, "Handbook III.3.55"),
    34: (6, 1, qdm_33_6, "Handbook III.3.57"),
    38: (6, 1, qdm_37_6, "Handbook III.3.60"),
    42: (7, 7, qdm_35_7, "Handbook III.3.63"),
    54: (7, 9, qdm_45_7, "Handbook III.3.71"),
    62: (7, 8, qdm_54_7, "Handbook III.3.74"),
}
"""``n + u: (k, u, matrix, source)``: an ``(n, k; 1, 1; u)`` quasi-difference matrix, so an
``OA(k, n + u)``. The (57, 9; 1, 1; 8) one, which needs an ``OA(9, 9)``, is
:func:`qdm_57_9`."""

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
transcribes from the Handbook (III.3.8) and the papers cited."""


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

PBD_CONSTRUCTIONS: Final[dict[int, tuple[int, Callable[[], list[list[int]]], str]]] = {
    66: (
        7,
        lambda: pbd_from_plane(73, _B73, [-x % 73 for x in _B73][:7]),
        "the plane of order 8 less 7 points of an oval (J. R. Abel)",
    ),
    68: (
        7,
        lambda: pbd_from_plane(73, _B73, [-x % 73 for x in _B73][:5]),
        "the plane of order 8 less 5 points of an oval (J. R. Abel)",
    ),
    74: (
        7,
        lambda: pbd_from_plane(91, _B91, [-x % 91 for x in _B91][-7:] + list(_B91)),
        "the plane of order 9 less a line and 7 points of an oval (J. R. Abel)",
    ),
}
"""``n: (k, blocks, source)``: a pairwise balanced design on ``n`` points whose blocks all
have a size ``s`` with an idempotent ``OA(k, s)``, so an ``OA(k, n)`` (Handbook III.3.?:
"OA from a PBD"); the designs J. R. Abel gave SageMath (``OA_7_66``, ``OA_7_68``,
``OA_7_74``)."""


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
