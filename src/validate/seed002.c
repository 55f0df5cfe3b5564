/* Seed 002's claims (softlab/validate.h): none written yet. */
#include "claims.h"

const sl_claim sl_claims_seed002[1];
const int sl_claims_seed002_count = 0;
