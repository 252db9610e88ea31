// Raise, Rise & Die: notation (to be written).
#include "raise-rise-die/state.h"
