// Raise, Rise & Die: actions (to be written).
#include "raise-rise-die/state.h"
