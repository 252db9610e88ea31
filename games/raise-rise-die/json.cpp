// Raise, Rise & Die: json (to be written).
#include "raise-rise-die/state.h"
