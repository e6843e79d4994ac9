/** The platform statistics context's public surface. */
