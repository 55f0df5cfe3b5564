/* Seed 000's claims (softlab/validate.h): none written yet. */
#include "claims.h"

const sl_claim sl_claims_seed000[1];
const int sl_claims_seed000_count = 0;
