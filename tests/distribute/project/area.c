#include "shapes.h"
long rect_area(long w, long h) { return w * h; }
