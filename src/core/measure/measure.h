/* Internal to the measures: what they read of a world beyond its public getters. */
#ifndef SL_MEASURE_H
#define SL_MEASURE_H

#include "softlab/world.h"

/* Sum of the rest volumes (m^3) of the body's tets; 0 without tets. */
double sl_body_rest_volume(const sl_world *w);

#endif
