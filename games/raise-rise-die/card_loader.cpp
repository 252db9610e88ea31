// Raise, Rise & Die: card_loader (to be written).
#include "raise-rise-die/cards.h"
