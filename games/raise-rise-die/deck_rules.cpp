// Raise, Rise & Die: deck_rules (to be written).
#include "raise-rise-die/cards.h"
