// Raise, Rise & Die: game (to be written).
#include "raise-rise-die/state.h"
