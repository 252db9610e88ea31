// Raise, Rise & Die: hidden (to be written).
#include "raise-rise-die/state.h"
