import type { ActivityDetail } from '@portal/contracts/events';

/** `/cn/activity/info/12` */
export function eventPath(prefix: string, id: number): string {
  return `/${prefix}/activity/info/${id}`;
}

const icsTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (RFC 5545 3.1); counted in characters, which is stricter for ASCII. */
function fold(line: string): string {
  const chars = Array.from(line);
  if (chars.length <= 70) return line;
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += 70) parts.push(chars.slice(i, i + 70).join(''));
  return parts.join('\r\n ');
}

/** What the .ics file needs of an event: the event page's detail, or a row of the member's sign-ups. */
export type IcsEvent = Pick<
  ActivityDetail,
  | 'ta_id'
  | 'ta_title'
  | 'ta_summary'
  | 'ta_is_online'
  | 'ta_online_url'
  | 'ta_city'
  | 'ta_address'
  | 'ta_start_time'
  | 'ta_end_time'
>;

/**
 * The event as an iCalendar file, for a member who signed up: times in UTC (every calendar shows
 * them in its own zone), the page's address, the place or the online link.
 */
export function eventIcs(event: IcsEvent, pageUrl: string, now: Date = new Date()): string {
  const location = event.ta_is_online
    ? (event.ta_online_url ?? pageUrl)
    : [event.ta_city, event.ta_address].filter(Boolean).join(' ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Storage Community//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.ta_id}@storage-community`,
    `DTSTAMP:${icsTime(now.toISOString())}`,
    `DTSTART:${icsTime(event.ta_start_time)}`,
    `DTEND:${icsTime(event.ta_end_time)}`,
    `SUMMARY:${icsText(event.ta_title)}`,
    `DESCRIPTION:${icsText([event.ta_summary, pageUrl].filter(Boolean).join('\n'))}`,
    `LOCATION:${icsText(location)}`,
    `URL:${pageUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/**
 * schema.org `Event` of the event's page (search engines' event results). The JSON is made safe to
 * sit in a `<script>`: `<` is escaped so no `</script>` can end it early.
 */
export function eventJsonLd(event: ActivityDetail, pageUrl: string, origin: string, organiser: string): string {
  const cover = event.ta_cover_url ? new URL(event.ta_cover_url, origin || 'http://localhost').toString() : undefined;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.ta_title,
    description: event.ta_summary,
    startDate: event.ta_start_time,
    endDate: event.ta_end_time,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: event.ta_is_online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: event.ta_is_online
      ? { '@type': 'VirtualLocation', url: pageUrl }
      : {
          '@type': 'Place',
          name: event.ta_address || event.ta_city,
          address: [event.ta_province, event.ta_city, event.ta_address].filter(Boolean).join(' '),
        },
    ...(cover ? { image: [cover] } : {}),
    url: pageUrl,
    organizer: { '@type': 'Organization', name: organiser, url: origin || undefined },
    ...(event.ta_capacity > 0
      ? {
          maximumAttendeeCapacity: event.ta_capacity,
          remainingAttendeeCapacity: Math.max(0, event.ta_capacity - event.ta_signup_count),
        }
      : {}),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The description meta of an event: its summary on one line, at most `max` characters. */
export function eventDescription(summary: string, fallback: string, max = 160): string {
  const line = summary.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}
