/**
 * A calendar's arrow controls, named for screen readers. Its level controls keep the name they show
 * ('April 2026'): a name without the visible words fails WCAG 2.5.3.
 */
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};
