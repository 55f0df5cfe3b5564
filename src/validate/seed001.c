/* Seed 001's claims (softlab/validate.h): none written yet. */
#include "claims.h"

const sl_claim sl_claims_seed001[1];
const int sl_claims_seed001_count = 0;
