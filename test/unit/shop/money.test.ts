import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoneyFormat } from '../../../shop/money.ts';

describe('parseMoneyFormat', () => {
  it.each([
    ['£#,##0.00', { prefix: '£', suffix: '', decimals: 2, decimalSeparator: '.', groupSeparator: ',' }],
    ['kr # ##0,00', { prefix: 'kr ', suffix: '', decimals: 2, decimalSeparator: ',', groupSeparator: ' ' }],
    ['#.##0,00 kr.', { prefix: '', suffix: ' kr.', decimals: 2, decimalSeparator: ',', groupSeparator: '.' }],
    ['$#,##0', { prefix: '$', suffix: '', decimals: 0, decimalSeparator: '.', groupSeparator: ',' }],
    ['#,000 kr', { prefix: '', suffix: ' kr', decimals: 0, decimalSeparator: '.', groupSeparator: ',' }],
    ['0.00 €', { prefix: '', suffix: ' €', decimals: 2, decimalSeparator: '.', groupSeparator: '' }],
  ])('%s', (format, expected) => {
    expect(parseMoneyFormat(format)).toEqual(expected);
  });

  it('refuses a format without a number pattern', () => {
    expect(() => parseMoneyFormat('kr')).toThrow(/number pattern/);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '£#,##0.00', '£0.00'],
    [5, '£#,##0.00', '£0.05'],
    [4000, '£#,##0.00', '£40.00'],
    [123456789, '£#,##0.00', '£1,234,567.89'],
    [49900, 'kr # ##0,00', 'kr 499,00'],
    [123450, 'kr # ##0,00', 'kr 1 234,50'],
    [123450, '#.##0,00 kr.', '1.234,50 kr.'],
    [-250, '$#,##0.00', '-$2.50'],
    [149, '$#,##0', '$1'],
    [150, '$#,##0', '$2'],
    [99999999, '$#,##0', '$1,000,000'],
  ])('%i with %s is %s', (minor, format, text) => {
    expect(formatMoney(minor, format)).toBe(text);
  });

  it('refuses fractions of a minor unit: money is never a float', () => {
    expect(() => formatMoney(10.5, '£#,##0.00')).toThrow(/whole minor units/);
  });
});
