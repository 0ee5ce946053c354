// A C++20 module interface unit: built through g++-mapper-server (see run.sh), the
// helper GCC starts to map module names to compiled-module files.
export module greet;

export int module_answer() { return sizeof(long) * 10 + 2; }
