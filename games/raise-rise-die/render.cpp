// Raise, Rise & Die: render (to be written).
#include "raise-rise-die/state.h"
