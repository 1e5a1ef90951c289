/** @flagadmin/migrate: reading a live Unleash and mapping its documents (see README.md). */
export {};
