export { BOM, toCsv } from '../domain/rules/csv';
