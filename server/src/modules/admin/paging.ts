/** Admin lists: 100 rows by default, at most 500 a page. */
export const ADMIN_PAGE = { defaultLimit: 100, maxLimit: 500 };
