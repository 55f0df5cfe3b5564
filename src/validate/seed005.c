#include "claims.h"
const sl_claim sl_claims_seed005[] = {{.id = "005-placeholder"}};
const int sl_claims_seed005_count = 0;
