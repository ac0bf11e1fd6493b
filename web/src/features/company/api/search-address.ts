// The address search is shared with the portfolio form: it lives in lib/.
export { searchAddress, type Place } from '@/lib/places';
