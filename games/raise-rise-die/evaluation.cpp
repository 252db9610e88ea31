// Raise, Rise & Die: evaluation (to be written).
#include "raise-rise-die/state.h"
