/* Seed 004's claims (softlab/validate.h): none written yet. */
#include "claims.h"

const sl_claim sl_claims_seed004[1];
const int sl_claims_seed004_count = 0;
