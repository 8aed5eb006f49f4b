/** The family of an SPDX id: `GPL-2.0-only`, `GPL-2.0-or-later`, `GPL-2.0+` and `GPL-2.0` are all `GPL-2.0`. */
export function licenceFamily(id: string): string {
  return id.replace(/(?:-only|-or-later|\+)$/, '');
}
