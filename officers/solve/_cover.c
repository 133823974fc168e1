/* officers.solve._cover: the exact cover search of officers.solve.exact, compiled.
 *
 * Skeleton: the module exists and builds; the search follows. */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *
cover_count(PyObject *self, PyObject *args)
{
    (void)self;
    (void)args;
    PyErr_SetString(PyExc_NotImplementedError, "not yet");
    return NULL;
}

static PyMethodDef cover_methods[] = {
    {"count", cover_count, METH_VARARGS, "The number of exact covers (see officers.solve.exact)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cover_module = {
    PyModuleDef_HEAD_INIT, "_cover", "The exact cover search of officers.solve.exact, compiled.",
    -1, cover_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__cover(void)
{
    PyObject *module = PyModule_Create(&cover_module);
    if (module != NULL && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
