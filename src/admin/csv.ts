export { BOM, toCsv } from '../domain/csv';
