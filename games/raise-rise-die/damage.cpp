// Raise, Rise & Die: damage (to be written).
#include "raise-rise-die/state.h"
