// The parts of lunar-javascript (no bundled types) that the calendar uses.
declare module 'lunar-javascript' {
  export interface LunarDay {
    getFestivals(): string[];
    getJieQi(): string;
    getMonth(): number;
    getDay(): number;
  }
  export interface SolarDay {
    getFestivals(): string[];
    getLunar(): LunarDay;
    toYmd(): string;
  }
  export const Solar: { fromYmd(year: number, month: number, day: number): SolarDay };
  export const Lunar: { fromYmd(year: number, month: number, day: number): { getSolar(): SolarDay } };
  export interface Holiday {
    getName(): string;
    isWork(): boolean;
    getTarget(): string;
  }
  export const HolidayUtil: { getHoliday(year: number, month: number, day: number): Holiday | null };
}
