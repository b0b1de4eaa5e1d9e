// A text as UTF-16 bytes in either byte order, with or without a byte-order
// mark: how Excel and Windows tools save "Unicode text" CSV files.
export function utf16Bytes(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const units = (bom ? '\ufeff' : '') + text;
  const bytes = new Uint8Array(units.length * 2);
  for (let i = 0; i < units.length; i++) {
    const unit = units.charCodeAt(i);
    bytes[2 * i + (order === 'le' ? 0 : 1)] = unit & 0xff;
    bytes[2 * i + (order === 'le' ? 1 : 0)] = unit >> 8;
  }
  return bytes;
}
