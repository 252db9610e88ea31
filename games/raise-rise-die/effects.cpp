// Raise, Rise & Die: effects (to be written).
#include "raise-rise-die/state.h"
