#include "claims.h"
const sl_claim sl_claims_seed006[] = {{.id = "006-placeholder"}};
const int sl_claims_seed006_count = 0;
