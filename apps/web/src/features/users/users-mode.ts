/**
 * `org`: an org admin manages the whole organization. `group`: a group admin's reduced view
 * (SPEC §6: no stat cards, no import, no group choice, no admin toggle, no removal or payer change).
 */
export type UsersMode = 'org' | 'group';
