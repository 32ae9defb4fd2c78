/** The printouts for the venue (issue 21; 三章6B, 二章8节6): pairing sheet, result slips, wall chart, match cards. */
export const PRINT_MESSAGES = {
  printouts: { zh: '打印', en: 'Printouts' },
} as const;
