import type { RedactionPattern } from './redactor.js';

// Unicode's space separators (\p{Zs}) but the ASCII space, written out: the patterns run without the 'u' flag. A
// no-break, thin or ideographic space stands where a space does (`password:\u00a0…`, `+44\u200920…`).
const zs = '\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000';

// A phone number's start: '+' and a country code, not inside a word or a number.
const plus = '(?<![A-Za-z0-9+])\\+[1-9][0-9]{0,2}';
// A hyphen as a number may be written with it: ASCII's, Unicode's hyphens (also no-break), the figure and en dashes and
// the minus sign (a word processor turns `555-123-4567` into any of them).
const dash = '\\-\\u2010-\\u2013\\u2212';
// One separator between digit groups: any of Unicode's spaces (no-break, thin, figure, ideographic), a dot or a hyphen.
const sep = `[ ${zs}.${dash}]`;
// A phone number ends before a letter, a digit, or a separator that goes on with digits.
const phoneEnd = `(?![A-Za-z0-9]|[.${dash}][0-9])`;
// An extension written after a number, glued or after one space (`555-123-4567x89`, `… ext. 12`): part of the number,
// so that a letter right after it does not cancel the match and leave the whole number in the prompt.
const extension = `(?:[ ${zs}]?(?:[xX]|[eE][xX][tT](?:[nN]|ension)?\\.?)[ ${zs}]?[0-9]{1,6})?`;
// An octet of 0–255, with the leading zeros some tools print (`192.168.001.010`).
const octet = '(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])';
// Scripts written without spaces between words, by script extension so that their shared signs (the prolonged
// sound mark ー) count too: an address in their text has no space around it, so where their characters stand
// next to another script's they end it (`ada@example.orgまで` is `ada@example.org`) instead of joining it.
const spaceless = '\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmr}\\p{scx=Mymr}';
/** One letter, combining mark or digit of a script written with spaces, or one of `extra`. */
const char = (extra = ''): string => `(?:(?![${spaceless}])[\\p{L}\\p{M}\\p{N}${extra}])`;
/** One letter, combining mark or digit of a script written without spaces. */
const wide = `(?:(?=[\\p{L}\\p{M}\\p{N}])[${spaceless}])`;
// A domain label of any script: at most 63 characters, starting with a letter or digit and not ending with '-'.
const label = '[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?';
const local = char('._%+-');
// A link's scheme and user up to the ':' before its password (`postgres://admin:`, `redis://:`): what stands there up to
// an '@' is the password, which the SECRET rule hides, not an address (`admin:pw@db.internal` names no mailbox).
const linkUser = '[A-Za-z][A-Za-z0-9+.-]{0,20}:\\/\\/[^\\s/?#@:"\'<>]{0,64}:';
// Other languages' words for a password, as keys and as words of a sentence.
const foreignNames =
  '[Pp]asswort|PASSWORT|[Kk]ennwort|KENNWORT|[Mm]ot(?:_de_|-de-|[Dd]e)[Pp]asse|MOT_DE_PASSE|[Cc]ontrase[ñn]a|' +
  'CONTRASE[ÑN]A|[Ww]achtwoord|WACHTWOORD|[Hh]as[łl]o|HAS[ŁL]O|[Ss]enha|SENHA|[Ll][öo]senord|L[ÖO]SENORD|' +
  '[Pp]assord|PASSORD|[Ss]alasana|SALASANA|[Hh]eslo|HESLO|[Aa]dgangskode|ADGANGSKODE|' +
  // Written as words (`Mot de passe : …`, `Clave de acceso: …`), with any space between them.
  `[Mm]ot[ ${zs}][Dd]e[ ${zs}][Pp]asse|MOT[ ${zs}]DE[ ${zs}]PASSE|[Cc]lave[ ${zs}]de[ ${zs}]acceso|CLAVE[ ${zs}]DE[ ${zs}]ACCESO|` +
  `[Pp]alavra[- ${zs}]passe|PALAVRA[- ${zs}]PASSE|[Kk]ata[ ${zs}]sandi|KATA[ ${zs}]SANDI`;
// Names of keys whose values are secrets, as they are written in configuration files, environments, HTTP headers and
// connection strings (ODBC's `Pwd` only after `;` or `_`: a shell's `PWD=/home/…` is the working directory).
const keyNames = [
  '[Ss]ecret',
  'SECRET',
  '[Pp]assw(?:or)?d',
  'PASSW(?:OR)?D',
  '[Pp]assphrase',
  'PASSPHRASE',
  '[Tt]oken',
  'TOKEN',
  // Also as a form's label writes it (`API Key`); written so in prose (`your access key: …`), its value must be shaped.
  '(?:[Aa]pi|API|[Aa]ccess|ACCESS|[Pp]rivate|PRIVATE)[_ -]?(?:[Kk]ey|KEY)',
  '[Aa]ccount[Kk]ey',
  '[Aa]uthorization',
  'AUTHORIZATION',
  `(?:;[ \\t${zs}]{0,3}|_)[Pp][Ww][Dd]`,
  // Other languages' words for a password (German, French, Spanish, Dutch, Polish, Portuguese, Swedish, Norwegian,
  // Finnish, Czech).
  foreignNames,
].join('|');
// Names of the material a key signs or encrypts with, which hold a secret whatever it looks like (`ENCRYPTION_KEY`,
// `signing_key`, `jwtKey`, `appSessionKey`).
const material = [
  'Encryption',
  'Decryption',
  'Signing',
  'Master',
  'Jwt',
  'Hmac',
  'Session',
  'Consumer',
  'Shared',
  'Cipher',
  'Crypto',
  'Signature',
];
const materialNames =
  `(?<![A-Za-z0-9])(?:${material.map((w) => `[${w[0]}${w[0]?.toLowerCase()}]${w.slice(1)}`).join('|')})(?:[_.-]?key|Key)s?|` +
  `(?<=[a-z0-9])(?:${material.join('|')})Keys?|` +
  `(?<![A-Za-z0-9])(?:${material.join('|').toUpperCase()})[_.-]?KEYS?`;
// Short names that are words of code, tests and prose too, written only as a whole key or as its last word: `pass`
// and `pw` (`DB_PASS`, `smtpPass`, `db_pw`; not `bypass` or `compass`), and `pass` alone before '=' (`PASS = 3` as a
// test runner prints it).
const passNames = [
  '(?<![A-Za-z0-9])(?:pass|pw|PW)',
  '(?<=[A-Za-z0-9][_.-])(?:PASS|Pass)',
  '(?<=[a-z0-9])(?:Pass|Pw)',
  `(?<![A-Za-z0-9])PASS(?=[ \\t${zs}]{0,16}=)`,
].join('|');
// A key the environment names `*_KEY` (`STRIPE_KEY`, but `SORT_KEY` and `CACHE_KEY` too), and one code names for a
// licence, a client, an app or a webhook (`licenseKey`, `client_key`), which may hold an identifier, a path or a name.
const keyedNames =
  '(?<=[A-Z0-9]_)KEYS?|(?<![A-Za-z0-9])(?:[Ll]icen[cs]e|[Cc]lient|[Aa]pp|[Ww]ebhook)(?:[_.-]?key|Key)s?';
// A key as configuration writes it, with up to three more words (`aws_secret_access_key`, `secretAccessKey`, `SECRETS`,
// `"api_key"`; not `Secretary`, `tokenizer` or `Passwords`), then its ':' or '=', or `=>` (PHP, Ruby and Perl hashes),
// or the comma after a quoted key (PHP's `define('DB_PASSWORD', '…')`; not before a quoted key and its ':', as in a
// name/value pair's `"DB_PASSWORD","value":"…"`, whose value `pairOf` reads), aligned by up to 16 spaces or tabs; a
// key in brackets (`$config['db_password'] = …`) too.
// What follows a comma that is no key's: a quoted key and its ':' (looked at up to 128 characters, up to the next quote).
const notKeyAhead = `(?![ \\t${zs}]{0,16}["'][^"'\\r\\n]{0,128}["'][ \\t${zs}]{0,16}:)`;
// A key may end in a number (`password2`, `CLIENT_SECRET2`), as a second one of its kind is named.
const keyWords = `(?:(?:${keyNames})(?:[_-][A-Za-z0-9]{1,12}|[A-Z][a-z]{1,12}){0,3}S?[0-9]{0,2}|${materialNames})`;
// YAML's tags and anchors, which stand between a key's ':' and its value (`password: !!str …`, `password: &pw "…"`),
// each followed by a space.
const yamlProps = '(?:!!?[A-Za-z0-9_.:/-]{0,40}|!<[^\\s<>]{1,60}>|&[A-Za-z0-9_-]{1,40})';
const props = `[ \\t${zs}]{1,16}${yamlProps}(?:[ \\t${zs}]{1,16}${yamlProps})?(?=[ \\t${zs}])`;
// What a form or an OCR extractor writes after a field's name inside its quoted key (`"Password:"`, `"Password *"`,
// `"Password (required)"`, `"password "`): up to three ':' or '*' signs and notes in brackets, and spaces. Only before
// the key's closing quote: in prose, `Password (required): see below` gives no value.
const labelTail = `(?:(?:[ \\t${zs}]{0,3}(?:[:*]|\\([^"'()\\r\\n]{0,40}\\))){1,3}[ \\t${zs}]{0,3}|[ \\t${zs}]{1,3})`;
// Markdown's or HTML's closing marks of a label, between its name and its ':' (`**Password**:`, `` `DB_PASSWORD`: ``,
// `<b>Password</b>:`) or after the ':' before a space (`**Password:** …`, `<b>Password:</b> …`): the value is after them.
const markClose = '(?:[*_]{1,3}|`|<\\/[A-Za-z][A-Za-z0-9]{0,9}>)';
const markAfter = `(?:[*_]{1,3}|<\\/[A-Za-z][A-Za-z0-9]{0,9}>)(?=[ \\t${zs}])`;
/**
 * One of `names` as configuration writes a key, then its ':' (with YAML's tags if `tags`), '=', '=>' or quoted ',' and
 * the spaces after it. The key's quote may be escaped (`{\"password\":…}`, JSON written inside a string).
 */
const keyOf = (names: string, tags: boolean): string =>
  `(?:${names})(?:(?:${labelTail}["']|(?:\\\\?["'])?|${markClose})\\]?[ \\t${zs}]{0,16}(?:=>|=|:(?:${markAfter})?${tags ? `(?:${props})?` : ''})|["'],${notKeyAhead})` +
  `[ \\t${zs}]{0,16}`;
const key = keyOf(keyWords, true);
// A key as prose or a form writes it: a name written with a space (`private key`, `access key`, `API Key`) or a quoted
// label (`"Password *"`), then '=' or '=>' (its ':' in prose is `proseKey`'s). After one, an unquoted value is a secret
// only when shaped like one: `Set private key = the one from the vault` and `"Password *" = required` give none.
const spacedNames = '(?:[Aa]pi|API|[Aa]ccess|ACCESS|[Pp]rivate|PRIVATE) (?:[Kk]ey|KEY)';
const looseKey =
  `(?:${spacedNames}(?:[_-][A-Za-z0-9]{1,12}|[A-Z][a-z]{1,12}){0,3}S?(?:${labelTail}["']|["']?)|` +
  `(?:${keyWords})${labelTail}["'])\\]?[ \\t${zs}]{0,16}=>?[ \\t${zs}]{0,16}["']?`;
const passKey = keyOf(passNames, false);
const keyedKey = keyOf(keyedNames, false);
// Names that are words of code and prose too (`key`, `auth`, `credentials`, `pin`, `otp`, `cvv`; npm's `_auth`), whose
// value is a secret only where configuration, a query or JSON gives it: glued to '=' (`key=…`, `?key=…`, not `key =
// …` in code nor JSX's `key={…}`; a quoted `key="…"` names a setting, as in `<add key="…" value="…"/>`) or quoted
// before ':' (`"auth": "…"`).
const assignedOf = (names: string, notAfterEquals: string): string =>
  `(?:(?<![A-Za-z0-9])(?:${names})=(?![${notAfterEquals}])|(?<=["'])(?:${names})["'][ \\t${zs}]{0,16}:[ \\t${zs}]{0,16})`;
const assignedKey = assignedOf('[Kk]ey|KEY', '=>{"\'');
const assignedAuth = assignedOf('_?[Aa]uth|_?AUTH|[Cc]redentials|CREDENTIALS', '=>{');
const assignedPin = assignedOf('[Pp]in|PIN|[Oo]tp|OTP|[Cc]v[vc]|CV[VC]', '=>{');
// An operator of code other than '=' and ':' that gives or compares a value: `:=` (Go, Make), `==`, `===`, `!==`,
// `?=`, `+=`, `||=`, `.=`, `<-` and `<<-` (R).
const operator = '(?:[-+*/%&|^!?<>.:~=]{1,3}=|<<?-)';
// One type of an annotation: a reference or pointer, with a lifetime (`&'static str`, `&'a mut T`), a name, qualified
// or not (`str`, `std::string`), generic arguments or an index (`Option<&'a str>`, `Optional[str]`), array marks
// (`string[]`) and an optional mark (`String?`).
const typeAtom =
  `(?:[&*]{1,2}(?:'[A-Za-z_][A-Za-z0-9_]{0,20}[ \\t${zs}]{1,4})?(?:(?:mut|const)[ \\t${zs}]{1,4})?)?` +
  '[A-Za-z_][A-Za-z0-9_.]{0,40}(?:::[A-Za-z_][A-Za-z0-9_]{0,40}){0,4}' +
  "(?:[<[][A-Za-z0-9_., &*<>[\\]|:'?]{0,80}[>\\]])?(?:\\[\\]){0,3}\\??";
// A type annotation between a key and its '=' (`password: str =`, `val password: String =`, `db_password: &str =`):
// up to five types joined as a union or an intersection (`string | undefined`, `A & B`).
const typeName = `${typeAtom}(?:[ \\t${zs}]{0,4}[|&][ \\t${zs}]{0,4}${typeAtom}){0,4}`;
// A key in code, then such an operator or a type and '=': a quoted value is the secret; an unquoted one may be code.
const codeKeyOf = (names: string): string =>
  `(?:${names})["']?\\]?[ \\t${zs}]{0,16}(?:${operator}|[?!]?:[ \\t${zs}]{0,16}${typeName}[ \\t${zs}]{0,16}(?:=|${operator}))` +
  `[ \\t${zs}]{0,16}`;
const codeKey = codeKeyOf(keyWords);
const passCode = codeKeyOf(passNames);
const keyedCode = codeKeyOf(keyedNames);
// A call, where code gives a key a value it computes (`password := read()`, `os.Getenv("…")`).
const call = '[A-Za-z_$][A-Za-z0-9_$.]{0,64}\\(';
// A key that is also a word of a sentence, written as one, then ': ' (`The secret: understanding takes years.`);
// `passwd`, `api_key`, `db_password` or `"token"` are written only in configuration.
const proseNames =
  '[Ss]ecret|SECRET|[Pp]ass(?:word|phrase)|PASS(?:WORD|PHRASE)|[Tt]oken|TOKEN|[Aa]uthorization|AUTHORIZATION|' +
  `(?:[Aa]pi|API|[Aa]ccess|ACCESS|[Pp]rivate|PRIVATE) (?:[Kk]ey|KEY)|${foreignNames}`;
const proseKey = `(?:(?<![A-Za-z0-9_.$"'-])|(?<=(?<![A-Za-z0-9_])_{1,3}))(?:${proseNames})S?${markClose}?[ \\t${zs}]{0,3}:(?:${markAfter})?(?:${props})?[ \\t${zs}]{1,3}["']?`;
// Such a key with a note between it and its ':' (`Password (prod): …`, `DB password (staging): …`, `Password for admin:
// …`, `Mot de passe pour root : …`): a note in brackets, or up to three words after `for`, `of` or another language's
// word for it.
const qualifiedKey =
  `(?<![A-Za-z0-9_.$"'-])(?:${proseNames})S?[ \\t${zs}]{1,3}(?:\\([^()\\r\\n]{1,40}\\)|` +
  `(?:for|of|on|pour|de|du|für|para|per|voor|do|da|dla)[ \\t${zs}]{1,3}[^\\s:()"']{1,40}(?:[ \\t${zs}]{1,3}[^\\s:()"']{1,40}){0,2})` +
  `[ \\t${zs}]{0,3}:[ \\t${zs}]{1,3}["']?`;
// A line break and the next line's indentation, before a value written under its key (`password:\n  Hunter2x9Q`, YAML;
// `"api_key":\n    "…"`, JSON as a formatter breaks it; `password =\n  "…"`, code). Unquoted, the value must be indented
// (as YAML's is, also under a block scalar's `|` or `>-`), so that a heading's next line of prose is not read as one.
const nextLine = `\\r?\\n[ \\t${zs}]{0,64}`;
// Not a line that is a key of its own or an item of a list (`password:\n  prod: …`, `tokens:\n  - …`).
const notEntry = `(?![^\\s:]{0,64}:(?:[ \\t${zs}]|$)|-[ \\t${zs}])`;
// Where a quoted value names where the secret is (`process.env.…`, `${…}`, a URL); unquoted, also where the value is
// the rest of an operator (`==`, `:=`, `::`). A quoted value is the secret whatever its first character (`"=Xk9…"`), and
// so is an unquoted one starting with ':' after '=' (`DB_PASSWORD=:Xk9…`).
const notQuotedValue = '(?!process\\.env\\.|\\$\\{|https?:\\/\\/)';
// Nor a ':' or ',' alone after a quote (a space, a quote or the end after it): the separator after a quoted key that ends in
// one (`"Password:":"…"`, `"title":"Password:","…"`), which a rule reads as that key's value.
const notSeparator = `(?!(?<=["'])[ \\t${zs}]{0,16}[:,](?![^\\s"']))`;
// Nor is an unquoted value that opens an object or a list (`"auth": {"user": …}`): the secrets are inside it.
// Nor a label's closing mark after its ':' (`**Password:** …`), nor an escaped quote, which opens a quoted value.
const notValue = `${notQuotedValue}(?!=|(?<=:[ \\t${zs}]{0,16}):|[{[](?:[\\s"'{}[\\]]|$)|(?<=:)${markAfter}|\\\\["'])`;
// A value a shell gives by a variable or a command (`$PASSWORD`, `${PW}`, `$(cat pw)`, `%PW%`), which is no secret.
const notVariable = '(?![$%][A-Za-z_{(])';
// One command of a shell's line: up to 512 characters, over lines ended by a backslash, not past `;`, `|` or `&`.
const commandLine = '(?:[^\\r\\n;|&]|\\\\\\r?\\n){0,512}?';
// A cookie's name, its value's characters, and one earlier pair of the header, up to the ';' after it.
const cookieName = '[^\\s;=,"\'\\\\]{1,128}';
const cookieChar = '[^\\s;,"\'\\\\]';
const cookiePair = `${cookieName}=${cookieChar}{0,4096};[ \\t${zs}]{0,3}`;
// A cookie whose name says it holds a session or a credential (`sid`, `connect.sid`, `PHPSESSID`, `csrftoken`,
// `remember_me`, `__Host-…`).
const cookieNameChar = '[^\\s;=,"\'\\\\]';
const sessionCookie =
  `(?<![^\\s;:"'])(?:${cookieNameChar}{0,64}(?:[Ss]ess|SESS|[Aa]uth|AUTH|[Tt]oken|TOKEN|[Jj]wt|JWT|[Cc]srf|CSRF|` +
  `[Xx]srf|XSRF|[Rr]emember|REMEMBER|[Ll]ogin|LOGIN)${cookieNameChar}{0,64}|` +
  `(?:${cookieNameChar}{0,64}[._-])?(?:sid|SID)|__(?:Host|Secure)-${cookieNameChar}{1,120})=`;
// An HTTP authorization scheme, before its credential.
const scheme = `(?:[Bb]earer|BEARER|[Bb]asic|BASIC|[Tt]oken|TOKEN)[ \\t${zs}]{1,3}`;
// After `Authorization:` (`Proxy-Authorization:` too), any scheme word before a space and a credential: services name
// their own (`ApiKey`, `Client-ID`, `DeepL-Auth-Key`, `SSWS`, `Bot`).
const authKey = `(?:[Aa]uthorization|AUTHORIZATION)["']?[ \\t${zs}]{0,16}[:=][ \\t${zs}]{0,16}["']?`;
const authScheme = `[A-Za-z][A-Za-z-]{0,40}[ \\t${zs}]{1,3}`;
// What opens a string literal before its quote: Python's, C#'s and C++'s prefixes (`r"…"`, `b"…"`, `@"…"`, `$"…"`,
// `L"…"`) and a call that wraps a secret (`SecretStr("…")`); the quoted text after it is the value.
const quotePrefix =
  '(?:[rRbBuUfFL]{1,2}|u8|[@$]{1,2}|(?:[A-Za-z_$][A-Za-z0-9_$]{0,40}\\.)?(?:Secret|Secure|Sensitive)[A-Za-z0-9_]{0,20}\\()';
/**
 * `chars{n,}` (`chars+` for 1), written as `chars{n}chars*`: the same matches, but V8 keeps a backtrack entry for each
 * repetition of a loop with a least count (`{n,}`; `+` too in a pattern as large as the secret one) and overflows its
 * stack on a run of about 4.2 million characters (`'aB3'.repeat(…)`, `sk-` and millions of letters, in any text); it
 * keeps none for a class under `*`.
 */
const atLeast = (chars: string, n: number): string => `${n === 1 ? chars : `${chars}{${n}}`}${chars}*`;
// How many characters a key's value may hold: an AWS session token or a service account's private key fits.
const most = 4096;
// How many characters a private key's body may hold: an 8192-bit RSA key, indented, fits.
const keyBlock = 16384;
// A redaction token. A value ends where one starts, so that in the text the model reads it never runs on through a
// token that hid a space (`"api_key": "[PHONE_1];…` after `(555) 123-4567;…`).
const token = '\\[[A-Z][A-Z0-9_]{0,40}_[0-9]{1,9}\\]';
const valueChar = `(?:(?!${token})[^\\s"'<>])`;
// The next pair of a query string or a connection string, which ends a key's value (`?api_key=…&page=2`,
// `Password=…;Database=app`): a value does not run on into the names and values after it.
const nextPair = `[&;][ \\t${zs}]{0,3}[A-Za-z_][A-Za-z0-9_.\\[\\] -]{0,64}=`;
const pairChar = `(?:(?!${token}|${nextPair})[^\\s"'<>])`;
// A key's unquoted value: in a URL's query (after `?name=` or `&name=`) up to its `&` or its fragment's `#`, as a URL
// parser reads it; elsewhere up to a space, a quote or the next pair.
const keyValue = `(?:(?<=[?&][^\\s?&#=]{1,64}=)(?:(?!${token})[^\\s"'<>&#]){1,${most}}|${pairChar}{1,${most}})`;
// The ASCII signs but '.' (`e.g.`, `U.S.`) and those that end a value; a character of a value that is none of them.
const sign = '[-!#$%&()*+,/:;=?@[\\\\\\]^_`{|}~]';
const word = '[^\\s"\'<>.!#$%&()*+,/:;=?@[\\\\\\]^_`{|}~-]';
// A value no word of prose is shaped like: it holds a digit, a capital after a small letter, or a sign between two
// letters or digits. A word with a capital first, or signs only after it (`Authentication.`), is prose.
const shapedWithin = (n: number): string =>
  `(?=[^\\s"'<>0-9]{0,${n}}[0-9]|[^\\s"'<>a-z]{0,${n}}[a-z][^\\s"'<>A-Z]{0,${n}}[A-Z]|` +
  `${valueChar}{0,${n}}?${word}${sign}${word})`;
const shaped = shapedWithin(most);
// After an operator of code, where every value of `a:=a:=…` is looked at, the shape is looked for in the value's first
// 256 characters (a secret shows its digit or capital early): a tenth of the time on such text.
const codeShaped = shapedWithin(256);
// After `pass` or `pw`, a value shaped so that also holds a letter: `hunter2`, not `see`, `Green` or a runner's `3`.
const passShaped = `(?=[^\\s"'<>A-Za-z]{0,256}[A-Za-z])${codeShaped}`;
/**
 * A value of characters other than `ends` that is shaped like a generated secret, not like a word, a name of code, a
 * path or a version: 8 or more characters, neither starting as a path does nor ending in a file's extension nor
 * holding '://', and holding letters and digits interleaved (a digit between letters or a letter between digits:
 * `k3y8Xq2L`, not `Kerberos5`, `users_v2` or `3digits`), small and capital letters mixed as no camelCase name mixes
 * them (`dXNlcjpw`, not `ArrowUp` or `tenantID`), or groups of capitals and digits (`ABCD-1234-EFGH`). Each look
 * ahead stops at the first character that can end it, so it takes at most a few hundred steps.
 */
const generatedWithin = (ends: string): string => {
  const v = `[^${ends}]`;
  const no = (chars: string): string => `[^${ends}${chars}]{0,256}`;
  return (
    `(?=${v}{8})(?![./~\\\\]|[A-Za-z]:\\\\|${v}{0,256}?(?::\\/\\/|\\.[a-z]{1,5}(?!${v})))` +
    `(?=${no('A-Za-z')}[A-Za-z]${no('0-9')}[0-9]${no('A-Za-z')}[A-Za-z]|` +
    `${no('0-9')}[0-9]${no('A-Za-z')}[A-Za-z]${no('0-9')}[0-9]|` +
    `${v}{0,256}?(?:[a-z][A-Z]{2}[a-z]|[A-Z][a-z][A-Z])|` +
    `(?=[A-Z0-9]{4,8}(?:-[A-Z0-9]{4,8}){2,7}(?!${v}))${no('0-9')}[0-9])`
  );
};
const generated = generatedWithin('\\s"\'<>');
// After `auth` or `credentials`, also a user and a password (`admin:hunter2`), not a scheme's '://'.
const authShaped = `(?:${generated}|(?=[^\\s"'<>:/@]{1,64}:(?!\\/)[^\\s"'<>]))`;
// After `pin`, `otp` or `cvv`, also 3 to 8 digits alone (`1234`, not a board's `13`).
const pinShaped = `(?:(?=[0-9]{3,8}(?![A-Za-z0-9]))|${generated})`;
/** A name that is a word of code too, then `quote`, before a value, and the shape the value must have after it. */
const weakBefore = (quote: string): string =>
  [
    `(?<=(?:${passKey}|${passCode})${quote})${passShaped}`,
    `(?<=(?:${keyedKey}|${keyedCode}|${assignedKey})${quote})${generated}`,
    `(?<=${assignedAuth}${quote})${authShaped}`,
    `(?<=${assignedPin}${quote})${pinShaped}`,
  ].join('|');
// A name/value pair, as a setting whose name is data is written (ECS's and Kubernetes' `{"name": "DB_PASSWORD",
// "value": "…"}`, AWS SSM's `Name` and `Value`, CloudFormation's `ParameterKey` and `ParameterValue`, Elastic
// Beanstalk's `OptionName`): the field naming the setting, and the one holding its value.
const pairWords = '(?:[Pp]arameter|[Oo]ption|[Ss]etting|[Vv]ariable|[Pp]roperty|[Aa]ttribute|[Ff]ield)[_-]?';
const pairName = `(?<![A-Za-z0-9_$.-])(?:(?:${pairWords})?(?:[Nn]ame|[Kk]ey)|NAME|KEY)`;
const pairValue = `(?<![A-Za-z0-9_$.-])(?:(?:${pairWords})?[Vv]alue|VALUE)`;
/** A field of JSON or YAML, quoted or not, then its ':' and the spaces after it. */
const field = (names: string): string => `["']?(?:${names})["']?[ \\t${zs}]{0,16}:[ \\t${zs}]{0,16}`;
// What parts two fields: a comma, a line break and indentation, or both (pretty-printed JSON).
const pairSep = `["']?[ \\t${zs}]{0,16}(?:,[ \\t${zs}]{0,16}(?:\\r?\\n[ \\t${zs}]{0,64})?|\\r?\\n[ \\t${zs}]{0,64})`;
// A field between the name and the value, holding a short scalar (SSM's `"Type": "SecureString"`).
const otherField = `["']?[A-Za-z][A-Za-z0-9_-]{0,31}["']?[ \\t${zs}]{0,16}:[ \\t${zs}]{0,16}(?:"[^"\\\\\\r\\n]{0,64}"|'[^'\\\\\\r\\n]{0,64}'|[^\\s"'<>,:{}[\\]]{1,64})${pairSep}`;
/**
 * A pair's name field holding one of `names` as its last words (`DB_PASSWORD`, `/prod/db/password`), up to four short
 * fields, then its value field: what stands before the value.
 */
const pairOf = (names: string): string =>
  `${field(pairName)}["']?[^\\s"'<>,{}[\\]]{0,64}(?:${names})${pairSep}(?:${otherField}){0,4}${field(pairValue)}`;
const pairKey = pairOf(keyWords);
// After a name that is a word of code too, only a value shaped like a secret (`"DB_PASS"` and `"see wiki"` hold none).
const weakPair = `(?:(?<=${pairOf(passNames)}["']?)${passShaped}|(?<=${pairOf(keyedNames)}["']?)${generated})`;
// A cookie's value: whatever it looks like after a session's or a credential's name, else only one shaped like a
// generated secret (`theme=dark; lang=en-US` are no secrets).
const cookieValue = `(?:(?<=${sessionCookie})|${generatedWithin('\\s;,"\'\\\\')})(?:(?!${token})${cookieChar}){1,${most}}`;

/**
 * The patterns `redactionMiddleware` applies unless told otherwise: e-mail addresses, phone shapes, IPv4
 * addresses and secret-shaped tokens. Names and other identifiers are redacted only through patterns you add.
 * Every pattern starts at a boundary and has bounded repetition, so matching stays linear on hostile input.
 */
export const DEFAULT_REDACTION_PATTERNS: readonly RedactionPattern[] = Object.freeze([
  {
    name: 'EMAIL',
    // The name and the domain may be in any script. A name in a script written with spaces starts where a word
    // starts; one that ends in a script without spaces takes up to 64 of that script's characters before the
    // '@' (the text before it cannot be told from the name). A domain label never starts or ends with '-'.
    // The last label (the top-level domain) is letters of a script written with spaces, ending before any other
    // letter or digit of such a script (so `a@b.com--he` and `a@b.com-based` end before the hyphen), or an
    // `xn--` label, or up to 63 characters of a script without spaces: `李@例子.中国までご連絡ください` cannot be
    // told from the text after it, so that text goes with the address, up to a label's length.
    // It first looks ahead for an '@' within the 127 characters a name can hold (no space or '@' among them), so a
    // start without one fails at once: the same matches in a third of the time on prose.
    pattern: new RegExp(
      `(?=[^\\s@]{1,127}@)(?<!${linkUser}[^\\s/?#@"'<>]{0,256})(?:(?<!${local})${local}{1,64}|(?:(?<!${local})${local}{1,63})?${wide}{1,64})@(?:${label}\\.){1,8}` +
        `(?:(?:xn--[A-Za-z0-9-]{0,58}[A-Za-z0-9]|(?![${spaceless}])\\p{L}(?:(?![${spaceless}])[\\p{L}\\p{M}]){1,23})(?!${char()})|${wide}{1,63})`,
      'gu',
    ),
  },
  {
    name: 'SECRET',
    pattern: new RegExp(
      [
        // Each rule that looks back for a key first looks back one character, for the sign the key ends with (`"`, a
        // space, `>`, `/`, `:`): the same matches, but the long look back runs only where that sign stands, which
        // halved the time redaction takes on prose (`npm run bench -- synthesis`).
        // The value given to a key named as a secret. Quoted, it is all of the quoted text, spaces too (the first of
        // the matches that start at one place is kept, so these come first).
        // The same after an operator of code or a type (`password == "…"`, `password: str = "…"`).
        // Triple-quoted (TOML, Python), it is all up to the closing three quotes, over lines and lone quotes too.
        `(?<=""")(?<=(?:${key}|${codeKey})""")${notQuotedValue}(?:[^"\\\\]|\\\\[\\s\\S]|"(?!"")){1,${most}}(?=""")`,
        `(?<=''')(?<=(?:${key}|${codeKey})''')${notQuotedValue}(?:[^'\\\\]|\\\\[\\s\\S]|'(?!'')){1,${most}}(?=''')`,
        // Not the ':' or ',' between a quoted key that ends in one and what follows it, read as a quoted value
        // (`"Password:":"…"`, `"title":"Password:","…"`).
        `(?<=")(?<=(?:${key}|${codeKey})(?:(?<=[:=>][ \\t${zs}]{0,16})${nextLine})?${quotePrefix}?")${notQuotedValue}${notSeparator}(?:[^"\\\\\\r\\n]|\\\\.){1,${most}}(?=")`,
        `(?<=')(?<=(?:${key}|${codeKey})(?:(?<=[:=>][ \\t${zs}]{0,16})${nextLine})?${quotePrefix}?')${notQuotedValue}${notSeparator}(?:[^'\\\\\\r\\n]|\\\\.){1,${most}}(?=')`,
        // Between escaped quotes (`password=\"…\"`, `{\"password\":\"…\"}` in a log line), up to the closing one.
        `(?<=\\\\")(?<=(?:${key}|${codeKey})\\\\")${notQuotedValue}(?:[^"\\\\\\r\\n]|\\\\(?!")[^\\r\\n]){1,${most}}(?=\\\\")`,
        `(?<=\\\\')(?<=(?:${key}|${codeKey})\\\\')${notQuotedValue}(?:[^'\\\\\\r\\n]|\\\\(?!')[^\\r\\n]){1,${most}}(?=\\\\')`,
        // Unquoted, it runs to a space or a quote, whatever it holds ('/', '-', ';' and '&' too), but not into the
        // next pair of a query or a connection string (see `keyValue`). After a key written as a word of a sentence
        // and ': ', only a value that no word of prose is shaped like.
        `(?<=[ \\t${zs}:=>,"'])(?<=${key}["']?)${notValue}${notSeparator}(?!${scheme}|(?<=${authKey})${authScheme}${shaped}|${quotePrefix}["'])(?:(?<!${proseKey})(?<!${looseKey})|${shaped})${keyValue}`,
        // After a key and a note before its ':' (`Password (prod): …`), or on the line under a key, a value so shaped.
        `(?<=[ \\t${zs}"'])(?<=${qualifiedKey})${notValue}${shaped}${keyValue}`,
        `(?<=[ \\t${zs}])(?<=${key}(?:[|>][-+]?[0-9]?[ \\t${zs}]{0,16})?\\r?\\n[ \\t${zs}]{1,64})${notValue}${notEntry}${shaped}${keyValue}`,
        // After a name that is a word of code too (`pass`, `*_KEY`, `key`, `auth`, `pin`), quoted or not, only a value
        // shaped like a secret, and unquoted one that calls nothing (`key=len` and `credentials=creds)` are code):
        // `"key": "Enter"`, `SORT_KEY=createdAt`, `"credentials": "include"` and `PASS = 3` hold no secret.
        `(?<=")(?:${weakBefore('(?:"""|")')})${notQuotedValue}[^\\s"'<>]{1,${most}}(?=")`,
        `(?<=')(?:${weakBefore("(?:'''|')")})${notQuotedValue}[^\\s"'<>]{1,${most}}(?=')`,
        `(?<=[=:>,-][ \\t${zs}]{0,16}["']?)(?:${weakBefore(`["']?`)})${notValue}(?!${call})(?!${scheme})${keyValue}`,
        // After `auth` or `credentials` and an HTTP scheme (`"auth": "Basic dXNlcjpw"`), the credential so shaped.
        `(?<=[ \\t${zs}])(?<=${assignedAuth}["']?${scheme})${notValue}${authShaped}${valueChar}{1,${most}}`,
        // After an operator of code or a type, where an unquoted value may be code (`password := read()`, `token ==
        // null`), only a value shaped as above that calls nothing (`PASSWORD ?= Tr0ub4dor&3`, as Make writes it).
        `(?<=[ \\t${zs}=-])(?<=${codeKey})${notValue}(?!${call}|${quotePrefix}["'])${codeShaped}${valueChar}{1,${most}}`,
        // The text of an XML element named as a secret, up to its closing tag on the same line
        // (`<password>…</password>`, `<db.Password>`; not `<token>` in prose), and the value of a .NET setting whose
        // key names one (`<add key="DbPassword" value="…"/>`).
        `(?<=>)(?<=<[A-Za-z0-9_.:-]{0,32}${keyWords}>)${notQuotedValue}[^<\\r\\n]{1,${most}}(?=<\\/[A-Za-z0-9_.:-]{0,32}${keyWords}>)`,
        `(?<=")(?<=key=["'][^"'<>]{0,40}${keyWords}["'][ \\t${zs}]{1,8}value=")${notQuotedValue}[^"\\r\\n]{1,${most}}(?=")`,
        // The value of a name/value pair whose name names a secret (`{"name": "DB_PASSWORD", "value": "…"}`, `- name:
        // DB_PASSWORD` and `value: …` on the next line): quoted, all of it; unquoted, to a space or a quote.
        `(?<=")(?<=${pairKey}")${notQuotedValue}(?:[^"\\\\\\r\\n]|\\\\.){1,${most}}(?=")`,
        `(?<=')(?<=${pairKey}')${notQuotedValue}(?:[^'\\\\\\r\\n]|\\\\.){1,${most}}(?=')`,
        `(?<=[ \\t${zs}:])(?<=${pairKey})${notValue}${valueChar}{1,${most}}`,
        `(?<=[ \\t${zs}:"'])${weakPair}${notValue}${valueChar}{1,${most}}`,
        // The same after a name that is a word of code too, for a value shaped like a secret (`<SmtpPass>hunter2</…>`).
        `(?<=>)(?:(?<=<[A-Za-z0-9_.:-]{0,32}(?:${passNames})>)${passShaped}|(?<=<[A-Za-z0-9_.:-]{0,32}(?:${keyedNames})>)${generated})${notQuotedValue}[^\\s"'<>]{1,${most}}(?=<\\/[A-Za-z0-9_.:-]{0,32}(?:${passNames}|${keyedNames})>)`,
        `(?<=")(?:(?<=key=["'][^"'<>]{0,40}(?:${passNames})["'][ \\t${zs}]{1,8}value=")${passShaped}|(?<=key=["'][^"'<>]{0,40}(?:${keyedNames})["'][ \\t${zs}]{1,8}value=")${generated})${notQuotedValue}[^\\s"'<>]{1,${most}}(?=")`,
        // A command line's option named as a secret, then its value after a space (`--password hunter2`,
        // `--api-key …`), shaped as below: `--password flag` is prose.
        `(?<=[ \\t${zs}])(?<=(?<![A-Za-z0-9-])--(?:[a-z0-9]{1,12}-){0,3}(?:password|passwd|passphrase|secret|token|api-?key|access-key|private-key)[ \\t${zs}]{1,3})${notValue}${shaped}${valueChar}{1,${most}}`,
        // A password given on a command line: curl's `-u user:password` (`--user`), the `-p` of `docker login` (and other
        // registries' logins, not `-p -`, which reads it from the standard input) and of `sshpass`, MySQL's glued
        // `-ppassword`, the last argument of `htpasswd -b`, and the value after a key named as a secret, as its last
        // word, in `aws configure set …` or `npm config set …` (not `aws_session_token_duration 3600`); not a value the
        // shell gives by a variable or a command (`$PW`, `$(cat pw)`).
        `(?<=:)(?<=(?<![A-Za-z0-9-])(?:-u|--user)(?:[ \\t${zs}]{1,3}|=)?["']?[^\\s:"'$]{0,64}:)(?<=\\bcurl\\b${commandLine}[ \\t${zs}](?:-u|--user)(?:[ \\t${zs}]{1,3}|=)?["']?[^\\s:"'$]{0,64}:)${notVariable}(?:(?!${token})[^\\s"'<>]){1,${most}}`,
        `(?<=[ \\t${zs}])(?<=(?<![A-Za-z0-9-])-p[ \\t${zs}]{1,3})(?<=\\b(?:sshpass|(?:docker|podman|nerdctl|buildah|skopeo|oras|helm[ \\t${zs}]{1,4}registry)[ \\t${zs}]{1,4}login)\\b${commandLine})${notValue}${notVariable}(?!-(?![^\\s"'<>]))${valueChar}{1,${most}}`,
        `(?<=p)(?<=(?<![A-Za-z0-9-])-p)(?<=\\b(?:sshpass|mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb)\\b${commandLine})${notValue}${notVariable}${valueChar}{1,${most}}`,
        `(?<=[ \\t${zs}"'])(?=[^\\s"'<>;|&]{1,256}["']?[ \\t${zs}]{0,16}(?:[\\r\\n;|&)]|$))(?<=\\bhtpasswd(?=(?:[ \\t${zs}]{1,4}-[A-Za-z]{1,8}(?:[ \\t${zs}]{1,4}[0-9]{1,3})?){0,3}[ \\t${zs}]{1,4}-[A-Za-z]{0,7}b)(?:[ \\t${zs}]{1,4}-[A-Za-z]{1,8}(?:[ \\t${zs}]{1,4}[0-9]{1,3})?){1,4}(?:[ \\t${zs}]{1,4}[^\\s-][^\\s]{0,255}){1,2}[ \\t${zs}]{1,4}["']?)${notValue}${notVariable}[^\\s"'<>;|&]{1,256}`,
        `(?<=[ \\t${zs}"'])(?<=\\bset[ \\t${zs}]{1,4}[^\\s]{1,160}[ \\t${zs}]{1,4}["']?)(?<=\\bconfig(?:ure)?[ \\t${zs}]{1,4}set[ \\t${zs}]{1,4}[^\\s]{0,128}(?:(?:${keyNames})S?|${materialNames})[ \\t${zs}]{1,4}["']?)${notValue}${notVariable}${valueChar}{1,${most}}`,
        // The password of a `.netrc` entry, on one line or several (`machine host login alice password …`).
        `(?<=\\s)(?<=(?<![A-Za-z0-9_-])password[ \\t${zs}\\r\\n]{1,16})(?<=\\b(?:machine[ \\t${zs}\\r\\n]{1,16}[^\\s]{1,253}[ \\t${zs}\\r\\n]{1,16}|default[ \\t${zs}\\r\\n]{1,16})(?:(?:login|account|port)[ \\t${zs}\\r\\n]{1,16}[^\\s]{1,128}[ \\t${zs}\\r\\n]{1,16}){1,3}password[ \\t${zs}\\r\\n]{1,16})${notValue}${notVariable}${valueChar}{1,${most}}`,
        // Each cookie's value in a `Cookie` header (up to 64 cookies) and the cookie's in a `Set-Cookie` header (not its
        // attributes: `Path=/`), if the cookie's name is a session's or a credential's or its value is shaped like a
        // generated secret (not `theme=dark; lang=en-US`).
        `(?<==)(?<=(?<![A-Za-z0-9-])(?:[Cc]ookie|COOKIE)["']?[ \\t${zs}]{0,3}:[ \\t${zs}]{0,3}["']?(?:${cookiePair}){0,64}${cookieName}=)${cookieValue}`,
        `(?<==)(?<=(?<![A-Za-z0-9-])(?:[Ss]et-[Cc]ookie|SET-COOKIE)["']?[ \\t${zs}]{0,3}:[ \\t${zs}]{0,3}["']?${cookieName}=)${cookieValue}`,
        // An HTTP credential after its scheme (`Authorization: Bearer …`, `Basic …`, `token …`), shaped as above:
        // `Authorization: Basic authentication sends…` is prose.
        `(?<=[ \\t${zs}])(?<=${authKey}${authScheme})${notValue}${shaped}${valueChar}{1,${most}}`,
        // The secret path of a Slack or Discord webhook.
        `(?<=\\/)(?<=hooks\\.slack\\.com\\/(?:services|workflows|triggers)\\/|discord(?:app)?\\.com\\/api\\/webhooks\\/)${atLeast('[A-Za-z0-9_\\/-]', 8)}`,
        // A JSON Web Token (base64url `{"…`, then up to four more parts, any of them empty before the next '.').
        `(?<![A-Za-z0-9_-])eyJ${atLeast('[A-Za-z0-9_-]', 8)}(?:\\.(?:${atLeast('[A-Za-z0-9_-]', 1)}|(?=\\.))){0,4}`,
        // Well-known key prefixes: OpenAI, Anthropic and Stripe style, GitHub, Slack, AWS access key ids (long-term and
        // temporary).
        `(?<![A-Za-z0-9_-])(?:sk|pk|rk)[-_]${atLeast('[A-Za-z0-9_-]', 16)}`,
        `(?<![A-Za-z0-9_])gh[pousr]_${atLeast('[A-Za-z0-9]', 30)}`,
        `(?<![A-Za-z0-9_-])(?:xox[abeoprst](?:\\.xox[bp])?|xapp)-${atLeast('[A-Za-z0-9-]', 10)}`,
        '(?<![A-Za-z0-9])A(?:KIA|SIA)[0-9A-Z]{16}(?![A-Za-z0-9])',
        // GitHub fine-grained, GitLab, Stripe webhook, Hugging Face, npm, PyPI, Shopify, DigitalOcean, Google OAuth and
        // SendGrid tokens.
        `(?<![A-Za-z0-9_-])(?:github_pat_${atLeast('[A-Za-z0-9_]', 22)}|glpat-${atLeast('[A-Za-z0-9_-]', 20)}|whsec_${atLeast('[A-Za-z0-9+/=]', 24)}|hf_${atLeast('[A-Za-z0-9]', 30)}|npm_[A-Za-z0-9]{36}|pypi-${atLeast('[A-Za-z0-9_-]', 50)}|shp(?:at|ca|pa|ss)_[A-Fa-f0-9]{32}|dop_v1_[a-f0-9]{64}|ya29\\.${atLeast('[A-Za-z0-9_-]', 20)}|SG\\.${atLeast('[A-Za-z0-9_-]', 16)}\\.${atLeast('[A-Za-z0-9_-]', 16)})`,
        // Hex runs of 32+ with a digit and a letter (keys, digests, UUID-less ids).
        `(?<![A-Za-z0-9_])(?=[a-fA-F]*[0-9])(?=[0-9]*[a-fA-F])${atLeast('[0-9a-fA-F]', 32)}(?![A-Za-z0-9_])`,
        // The body of a PEM or OpenSSH private key: all from the first run of four base64 characters (or JSON's escaped
        // line break) after its header to the last base64 character before the next `-----` (its footer), or before the
        // end of the text when it is cut off there. Whatever stands between its lines goes in too, so that no prefix
        // (`# `, `> `, ` * `, `  3 | `, a diff's `-`), quote (`"…\\n" +`) or markup (`<br>`, `&#10;`, `<p>`) leaves a
        // line of it to the rules for base64 runs, which '/' would cut.
        `(?<![A-Za-z0-9+/=[])(?=[A-Za-z0-9+/=]{4}|\\\\[nr])(?<=-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:(?![A-Za-z0-9+/=]{4}|\\\\[nr]|-----)[\\s\\S]){0,64})(?:(?!-----)[\\s\\S]){0,${keyBlock}}[A-Za-z0-9+/=]`,
        // A line of a PEM or OpenSSH block, alone on its line, mixing digits and both cases: 64, 70 or 76 characters,
        // fewer ending in '=' padding, or 40 or more holding '/' or '+' (a short last line without either is sent).
        '(?<=^|\\n)(?=[A-Za-z+/]*[0-9])(?=[0-9A-Z+/]*[a-z])(?=[0-9a-z+/]*[A-Z])(?:[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{70}|[A-Za-z0-9+/]{76}|[A-Za-z0-9+/]{2,74}={1,2}|(?=[A-Za-z0-9]*[+/])[A-Za-z0-9+/]{40,76})(?=\\r?\\n|$)',
        // Base64-like runs of 32+ mixing digits, lower and upper case; '-' and '/' are left out so that
        // hyphenated phrases and paths are not taken for secrets.
        `(?<![A-Za-z0-9+_])(?=[A-Za-z+_]*[0-9])(?=[0-9A-Z+_]*[a-z])(?=[0-9a-z+_]*[A-Z])${atLeast('[A-Za-z0-9+_]', 32)}={0,2}(?![A-Za-z0-9+=_])`,
        // Google API keys, which may hold '-' and so escape the rule above.
        '(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])',
        // The password of a link (`postgres://admin:hunter2@db`, `redis://:pw@cache`): from the user's ':' (the user may
        // be empty) to the last '@' before the query or a space, as a URL parser reads it (`p@ssw0rd!@db`), and past a
        // '/' or '#' a password may hold as written (`ab/cd@db`, `abc#123@redis`); not a port before a path, nor digits
        // a port's way, then a '/' or '#' before any '@' (`localhost:3000/@alice`, `host:80abc/@u`).
        `(?<=:)(?<=[A-Za-z][A-Za-z0-9+.-]{0,20}://[^\\s/?#@:]{0,64}:)(?![0-9]{1,5}[^\\s/?#@]{0,256}(?:[/?#\\s"'<>]|$))(?:(?!${token})[^\\s?]){1,256}(?=@[^\\s?@]{0,2048}(?![^\\s?@])(?!@))`,
      ].join('|'),
      'g',
    ),
  },
  {
    name: 'IPV4',
    pattern: new RegExp(`(?<![0-9.])(?:${octet}\\.){3}${octet}(?![0-9]|\\.[0-9])`, 'g'),
  },
  {
    name: 'PHONE',
    pattern: new RegExp(
      [
        // International: +CC, then an optional area code or trunk prefix in brackets (`(495)`, `(0)`), then
        // 4-14 digits, each group separated by at most one space, dot or hyphen. Without brackets the digits
        // form two groups or one of 7+, so a decimal (`+40.7128`), a version or a range (`+1 to +5`) stays.
        `${plus}(?:${sep}?\\([0-9]{1,4}\\)|(?=${sep}[0-9]{1,14}${sep}[0-9]|${sep}[0-9]{7}))(?:${sep}?[0-9]){4,14}${extension}${phoneEnd}`,
        // +CC and 8-15 digits in one run.
        `(?<![A-Za-z0-9+])\\+[0-9]{8,15}${extension}(?![A-Za-z0-9])`,
        // North American shapes: (555) 123-4567, 555-123-4567, 555.123.4567, 555 123 4567.
        // Not a clause number of a regulation, which has their shape (`DFARS 252.227-7013`, `48 C.F.R. § 252.227-7014`).
        `(?<![A-Za-z0-9+(])(?!(?<=(?:DFARS?|DFARs|FAR|[Cc]lause|CLAUSE|C\\.F\\.R\\.|CFR|§)[ \\t${zs}]{1,3})[0-9]{3}\\.[0-9]{3}[${dash}])(?:\\([0-9]{3}\\)[ ${zs}]?|[0-9]{3}${sep})[0-9]{3}${sep}[0-9]{4}${extension}${phoneEnd}`,
      ].join('|'),
      'g',
    ),
  },
]);
