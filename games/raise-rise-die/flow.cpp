// Raise, Rise & Die: flow (to be written).
#include "raise-rise-die/state.h"
