import { describe, expect, it } from 'vitest';
import type { ActivityDetail } from '@portal/contracts/events';
import { eventFiltersFromSearch, eventListBody, monthGrid, searchOfEventFilters, shiftMonth } from './event-filters';
import { eventIcs, eventJsonLd } from './event-view';

const event = {
  ta_id: 7,
  ta_title: 'Flash, NVMe; and </script><script>alert(1)</script>',
  ta_summary: 'Line one\nline two',
  ta_cover_url: '/demo/event-1.svg',
  ta_is_online: true,
  ta_online_url: 'https://meet.example.com/x',
  ta_address: '',
  ta_city: '',
  ta_province: '',
  ta_start_time: '2031-03-10T02:00:00.000Z',
  ta_end_time: '2031-03-10T05:30:00.000Z',
  ta_capacity: 50,
  ta_signup_count: 20,
} as unknown as ActivityDetail;

describe('the event as a calendar file and as schema.org data', () => {
  it('writes an iCalendar event in UTC with escaped text and the online link as its place', () => {
    const ics = eventIcs(event, 'https://portal.test/en/activity/info/7', new Date('2031-01-01T00:00:00Z'));
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    expect(ics).toContain('DTSTART:20310310T020000Z\r\n');
    expect(ics).toContain('DTEND:20310310T053000Z\r\n');
    expect(ics).toContain('SUMMARY:Flash\\, NVMe\\; and </script><script>alert(1)</script>\r\n');
    expect(ics).toContain('LOCATION:https://meet.example.com/x\r\n');
    expect(ics).toContain('DESCRIPTION:Line one\\nline two\\nhttps://portal.test/en/activity/info/7');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes the JSON-LD so nothing in it can close the script element', () => {
    const json = eventJsonLd(
      event,
      'https://portal.test/en/activity/info/7',
      'https://portal.test',
      'Storage Community',
    );
    expect(json).not.toContain('</script>');
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'Event',
      name: event.ta_title,
      startDate: event.ta_start_time,
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      image: ['https://portal.test/demo/event-1.svg'],
      remainingAttendeeCapacity: 30,
    });
  });
});

describe('the list filters in the URL', () => {
  it('reads, writes and turns them into the call body; unreadable values fall back to none', () => {
    const f = eventFiltersFromSearch('?province=广东&city=深圳&type=offline&state=20&month=2031-03');
    expect(f).toEqual({ province: '广东', city: '深圳', type: 'offline', state: 20, month: '2031-03' });
    expect(eventListBody(f, 15)).toEqual({
      province: '广东',
      city: '深圳',
      is_online: 0,
      state: 20,
      month: '2031-03',
      limit: 15,
    });
    expect(eventFiltersFromSearch('?city=深圳&state=25&month=2031-13&type=x')).toEqual({
      province: null,
      city: null,
      type: 'all',
      state: null,
      month: null,
    });
    expect(decodeURIComponent(searchOfEventFilters(f))).toBe(
      '?province=广东&city=深圳&type=offline&state=20&month=2031-03',
    );
  });

  it('moves between months and lays a month out in weeks from Sunday', () => {
    expect(shiftMonth('2031-01', -1)).toBe('2030-12');
    expect(shiftMonth('2031-12', 1)).toBe('2032-01');
    const grid = monthGrid('2031-03'); // 1 March 2031 is a Saturday
    expect(grid[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(grid.flat().filter((d) => d !== null)).toHaveLength(31);
  });
});
