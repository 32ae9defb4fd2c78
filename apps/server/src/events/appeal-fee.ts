/**
 * The appeal fee's currency for a new event (issue 30 #6: a tournament in China defaulted to SGD):
 * the tournament's own fee currency where its regulations set one, else the currency of the place
 * its time zone names, else CNY. The amount stays the rules' 50 (三章7: S$50), in that currency's
 * minor unit; the organizer changes either in the event's discipline settings.
 */
const CURRENCY_OF_ZONE: Readonly<Record<string, string>> = {
  'Asia/Shanghai': 'CNY',
  'Asia/Chongqing': 'CNY',
  'Asia/Urumqi': 'CNY',
  'Asia/Harbin': 'CNY',
  'Asia/Hong_Kong': 'HKD',
  'Asia/Macau': 'MOP',
  'Asia/Taipei': 'TWD',
  'Asia/Singapore': 'SGD',
  'Asia/Kuala_Lumpur': 'MYR',
  'Asia/Kuching': 'MYR',
  'Asia/Bangkok': 'THB',
  'Asia/Ho_Chi_Minh': 'VND',
  'Asia/Saigon': 'VND',
  'Asia/Manila': 'PHP',
  'Asia/Jakarta': 'IDR',
  'Asia/Tokyo': 'JPY',
  'Asia/Seoul': 'KRW',
};

export function appealFeeCurrency(timeZone: string, regulationsCurrency: string | null | undefined): string {
  return regulationsCurrency ?? CURRENCY_OF_ZONE[timeZone] ?? 'CNY';
}
