// The services list is shared with the portfolio form: it lives in lib/.
export { listPrestations, type Option } from '@/lib/prestations';
