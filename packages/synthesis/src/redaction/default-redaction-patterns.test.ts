import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// Base64url pieces holding '-' and '_', each under the 32 characters the base64 rule needs.
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.Xk3-vQ9pL2mN8rT5wY1zA4bC7dE0fG6hJ-kM3nP9qRs';

describe('DEFAULT_REDACTION_PATTERNS on credential formats in common use', () => {
  it.each([
    // JSON Web Tokens: signed, with '-' and '_' in every part, unsigned, and encrypted with an empty key part.
    [`Authorization: Bearer ${JWT}`, 'Authorization: Bearer [SECRET_1]'],
    [`curl -H "Authorization: Bearer ${JWT}"`, 'curl -H "Authorization: Bearer [SECRET_1]"'],
    [`cookie session=${JWT}; Path=/`, 'cookie session=[SECRET_1]; Path=/'],
    [`id_token ${JWT}.`, 'id_token [SECRET_1].'],
    // An unsigned token's last '.' stands before nothing, like a full stop: it is shown.
    ['jwt eyJhbGciOiJub25lIn0.eyJzdWIiOiJfLV8tIn0. ok', 'jwt [SECRET_1]. ok'],
    [
      'jwe eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0..48V1_ALb6US04U3b.5eym8TW_c8SuK0ltJ3rpYI.XFBoMYUZodetZdvTiFvSkQ end',
      'jwe [SECRET_1] end',
    ],
    // Webhooks whose path is the secret.
    [
      'SLACK_WEBHOOK_URL https://hooks.slack.com/services/T0A1B2C3D/B0E1F2G3H/aBcDeFgHiJkLmNoPqRsTuVwX',
      'SLACK_WEBHOOK_URL https://hooks.slack.com/services/[SECRET_1]',
    ],
    [
      'post to https://discord.com/api/webhooks/123456789012345678/abcDEF-ghi_JKL now',
      'post to https://discord.com/api/webhooks/[SECRET_1] now',
    ],
    // Service tokens by their prefixes.
    ['slack xapp-1-A0123BCDE-1234567890-abcdef0123456789', 'slack [SECRET_1]'],
    ['refresh xoxe.xoxp-1-Mi0yLTEyMzQ1Njc4OTAtYWJj', 'refresh [SECRET_1]'],
    ['bot xoxb-1234567890-0987654321-AbCdEfGhIjKl', 'bot [SECRET_1]'],
    ['anthropic sk-ant-api03-Ab_cD-eF1gH2iJ3kL4mN5oP6qR7', 'anthropic [SECRET_1]'],
    [
      'stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc and whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'stripe [SECRET_1] and [SECRET_2]',
    ],
    ['gh github_pat_11ABCDEFG0abcdefghijklmn_ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'gh [SECRET_1]'],
    [
      'gitlab glpat-xxxxXXXXxxxxXXXXxxxx and hf hf_abcdefghijklmnopqrstuvwxyzABCDEFGH',
      'gitlab [SECRET_1] and hf [SECRET_2]',
    ],
    [
      'npm npm_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ, sendgrid SG.abcdefghijklmnopqrstuv.wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_abcdefghijklmno',
      'npm [SECRET_1], sendgrid [SECRET_2]',
    ],
    ['google ya29.a0AfH6SMBx-abcdefghijklmnop_qrstuv', 'google [SECRET_1]'],
    // AWS temporary key ids as well as long-term ones.
    ['AKIAIOSFODNN7EXAMPLE then ASIAY34FZKBOKMUTVV7A', '[SECRET_1] then [SECRET_2]'],
    // HTTP credentials after their scheme, however short.
    ['Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l', 'Authorization: Basic [SECRET_1]'],
    ['Authorization: Bearer 9f8e7d6c5b4a', 'Authorization: Bearer [SECRET_1]'],
    ['authorization: token ghs_x1', 'authorization: token [SECRET_1]'],
    ['"Authorization": "Bearer abc 123"', '"Authorization": "[SECRET_1]"'],
    // Links whose user name is empty or whose host has no dot.
    ['redis://:Sup3rS3cretPw@cache:6379/0', 'redis://:[SECRET_1]@cache:6379/0'],
    [
      'postgres://u:p@db/x and amqp://:guest@rabbit',
      'postgres://u:[SECRET_1]@db/x and amqp://:[SECRET_2]@rabbit',
    ],
  ])('redacts %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    // Values shorter than 8 characters after a key named as a secret.
    ['db password=hunter2', 'db password=[SECRET_1]'],
    ['PASSWORD: Tr0ub4d', 'PASSWORD: [SECRET_1]'],
    ['The api_key="abc12"', 'The api_key="[SECRET_1]"'],
    ['export DB_PASSWORD=short1', 'export DB_PASSWORD=[SECRET_1]'],
    ['token=a', 'token=[SECRET_1]'],
    ["password = 'x'", "password = '[SECRET_1]'"],
    // ODBC and ADO connection strings, and MySQL's variable.
    [
      'Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd=Qx7!pLm2;',
      'Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd=[SECRET_1]',
    ],
    ['Server=db; User ID=sa; PWD=abc; Encrypt=yes', 'Server=db; User ID=sa; PWD=[SECRET_1]; Encrypt=yes'],
    ['Data Source=db;Password=pw;', 'Data Source=db;Password=[SECRET_1]'],
    ['MYSQL_PWD=root', 'MYSQL_PWD=[SECRET_1]'],
    ['AccountName=acct;AccountKey=Zm9v/YmFy+YQ==;', 'AccountName=acct;AccountKey=[SECRET_1]'],
    // A quoted value whole, spaces and escaped quotes too.
    ['{"password":"p@ss w0rd with spaces"}', '{"password":"[SECRET_1]"}'],
    ['{"token": "a\\"b c"}', '{"token": "[SECRET_1]"}'],
    [
      '{"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n"}',
      '{"private_key": "[SECRET_1]"}',
    ],
    // In configuration a value of letters only is a secret too: these keys are no words of a sentence.
    ['db_password: hunter', 'db_password: [SECRET_1]'],
    ['client_secret: abcdefgh', 'client_secret: [SECRET_1]'],
    ['passwd: letmein', 'passwd: [SECRET_1]'],
    ['"secret": sesame', '"secret": [SECRET_1]'],
    ['password:letmein', 'password:[SECRET_1]'],
  ])('redacts the value in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    // A shell's working directory and its variables are no ODBC password.
    'PWD=/home/ada\nOLDPWD=/tmp',
    'npm_config_user_agent=npm/10.2.0 and npm_lifecycle_event=test',
    // Operators after a key name are no values.
    'if (token == null || password := read()) return',
    'max_tokens=1000 and Tokens: 750',
    'A placeholder: Authorization: Bearer <token>',
    'Slack: https://hooks.slack.com/services/ is the prefix.',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on a key name followed by prose', () => {
  it.each([
    'The secret: understanding takes years.',
    'Token: Authentication is required.',
    'password: forgotten again',
    'Secret: Nobody knew, and the village kept it that way.',
    'The password: something only you would remember.',
    'TOKEN: Required for every request.',
    'Authorization: Required. Scope: read-only.',
    'Secret: a mystery, a riddle, an enigma.',
    'Passphrase: choose four random words.',
    'The token: a small, worthless coin used at the fairground.',
    'Our secret: patience.',
    'Token: Authentication, authorisation and auditing are separate.',
    'Secret: Mr. Smith knew.',
    'Token: e.g. a session cookie, i.e. a U.S. standard.',
    'Password: (see below)',
    'SECRET: ÜBERRASCHUNG!',
    'Secret: naïve élan, café au lait.',
    'Password: “correct horse battery staple” is a famous comic.',
    'In the novel, the secret: love.',
    'Token:\tAuthentication',
    'The Secret: Understanding Ourselves',
    'SECRETS: Everyone has them...',
    'Authorization: Basic authentication sends credentials in every request.',
    'Authorization: Bearer tokens are described in the RFC.',
    'Token: Authentication is required; password: forgotten; secret: none.',
    'Password: see the manual. Token: ask the administrator!',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });

  it.each([
    ['Password: hunter2 is weak.', 'Password: [SECRET_1] is weak.'],
    ['The secret: aBcDeFgH was leaked.', 'The secret: [SECRET_1] was leaked.'],
    ['Token: 9f8e7d6c5b4a', 'Token: [SECRET_1]'],
    ['Password: p@ss', 'Password: [SECRET_1]'],
    ['Password: correct-horse-battery', 'Password: [SECRET_1]'],
    ['Secret: Tr0ub4dor&3.', 'Secret: [SECRET_1]'],
    ['Token: sk_test_abc', 'Token: [SECRET_1]'],
    ['password: 123456', 'password: [SECRET_1]'],
    ['Secret: s3cr3t', 'Secret: [SECRET_1]'],
    ['The password: "forgotten"', 'The password: "[SECRET_1]"'],
    ["Token: 'Authentication' is the word", "Token: '[SECRET_1]' is the word"],
  ])('redacts a value shaped unlike prose, or quoted, in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on a key named as a secret in the syntaxes of other languages', () => {
  it.each([
    // PHP, Ruby and Perl hashes, PHP's define, aligned configuration.
    [`'password' => 'hunter2xy'`, `'password' => '[SECRET_1]'`],
    [`"api_key" => "abc12"`, `"api_key" => "[SECRET_1]"`],
    [`:password => "letmein"`, `:password => "[SECRET_1]"`],
    [`$config['db_password'] = 'letmein';`, `$config['db_password'] = '[SECRET_1]';`],
    ['password => hunter2xy,', 'password => [SECRET_1]'],
    [`define( 'DB_PASSWORD', 'letmein' );`, `define( 'DB_PASSWORD', '[SECRET_1]' );`],
    ['password       = hunter2xy', 'password       = [SECRET_1]'],
    ['client_secret\t\t\t\t: hunter2xy', 'client_secret\t\t\t\t: [SECRET_1]'],
    // XML elements and .NET settings.
    ['<password>letmein</password>', '<password>[SECRET_1]</password>'],
    ['<db.Password>correct horse</db.Password>', '<db.Password>[SECRET_1]</db.Password>'],
    ['<ApiKey>abc12</ApiKey>', '<ApiKey>[SECRET_1]</ApiKey>'],
    ['<add key="DbPassword" value="letmein" />', '<add key="DbPassword" value="[SECRET_1]" />'],
    // Command-line options.
    ['mysqldump --password hunter2xy db', 'mysqldump --password [SECRET_1] db'],
    [
      'gh auth login --with-token ghs_x1 --api-key Ab12',
      'gh auth login --with-token [SECRET_1] --api-key [SECRET_2]',
    ],
  ])('redacts the value in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    'Use the --password flag to be prompted.',
    '<tokenizer>bert</tokenizer>',
    'Replace <token> with yours.</p>',
    '<Secretary>Ada</Secretary>',
    'password := process.env.DB_PASSWORD',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});

// A review found these values sent as written: an operator other than `=` or `:` (or a type, a YAML tag or anchor)
// stood between the key and its value, or the quoted value started with `=` or `:`.
describe('DEFAULT_REDACTION_PATTERNS after an operator, a type annotation or a YAML tag', () => {
  it.each([
    // Assignments and comparisons in code: a quoted value whole, whatever the operator.
    ['dbPassword := "Tr0ub4dor&3"', 'dbPassword := "[SECRET_1]"'],
    ['apiKey := "9f2kQ7xw"', 'apiKey := "[SECRET_1]"'],
    ['if password == "hunter2x" {', 'if password == "[SECRET_1]" {'],
    ["if (token === 'x') return", "if (token === '[SECRET_1]') return"],
    ['if (password !== "letmein") fail()', 'if (password !== "[SECRET_1]") fail()'],
    ['password <- "Tr0ub4dor&3"', 'password <- "[SECRET_1]"'],
    ['config.password ||= "letmein"', 'config.password ||= "[SECRET_1]"'],
    ['$password .= "letmein";', '$password .= "[SECRET_1]";'],
    // Type annotations: Python, Kotlin, TypeScript, Rust, Swift.
    ['password: str = "Tr0ub4dor&3"', 'password: str = "[SECRET_1]"'],
    ['val password: String = "Tr0ub4dor&3"', 'val password: String = "[SECRET_1]"'],
    ['let db_password: &str = "Tr0ub4dor&3";', 'let db_password: &str = "[SECRET_1]";'],
    ['var apiKey: String? = "letmein"', 'var apiKey: [SECRET_1] = "[SECRET_2]"'],
    ['password: Optional[str] = "letmein"', 'password: [SECRET_1] = "[SECRET_2]"'],
    // Make's assignments, unquoted, shaped as a value.
    ['PASSWORD ?= Tr0ub4dor&3', 'PASSWORD ?= [SECRET_1]'],
    ['DB_PASSWORD := s3cr3t', 'DB_PASSWORD := [SECRET_1]'],
    ['API_KEY += Xk9pLm2q', 'API_KEY += [SECRET_1]'],
    // YAML tags and anchors before the value.
    ['password: !!str Tr0ub4dor&3', 'password: !!str [SECRET_1]'],
    ['DB_PASSWORD: &pw "Tr0ub4dor&3"', 'DB_PASSWORD: [SECRET_1] "[SECRET_2]"'],
    ['password: !!str "letmein"', 'password: !!str "[SECRET_1]"'],
    ['db_password: !!str letmein', 'db_password: [SECRET_1] [SECRET_2]'],
    // A quoted value whatever its first character.
    ['password: "=Xk9pLm2q"', 'password: "[SECRET_1]"'],
    ['password = ":Xk9pLm2q"', 'password = "[SECRET_1]"'],
    [`'api_key' => '==x'`, `'api_key' => '[SECRET_1]'`],
    ['<password>=Xk9pLm2q</password>', '<password>[SECRET_1]</password>'],
    ['<add key="DbPassword" value=":Xk9pLm2q" />', '<add key="DbPassword" value="[SECRET_1]" />'],
    // Unquoted after '=', a value may start with ':' (`=:` is no operator).
    ['DB_PASSWORD=:Xk9pLm2q', 'DB_PASSWORD=[SECRET_1]'],
  ])('redacts the value in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    // Code that names where a value comes from, or no value at all.
    'if (token == null || password := read()) return',
    'password := process.env.DB_PASSWORD',
    'password := os.Getenv("DB_PASSWORD")',
    'if password == nil {',
    'password: str = input()',
    'val password: String = readLine()',
    'password <- Sys.getenv("DB_PASSWORD")',
    'password ?= $(shell cat secret.txt)',
    'Password::Reset(user)',
    'TOKEN: :ok',
    // Prose after a key that is a word, with a YAML tag's sign.
    'Password: !important notes below',
    'Token: &nbsp; see above',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});

// A second look found these sent as written: the type between a key and its '=' was a union, a reference with a
// lifetime or a qualified name, or the value was triple-quoted.
describe('DEFAULT_REDACTION_PATTERNS after any type annotation, and in a triple-quoted value', () => {
  it.each([
    // Unions and intersections (TypeScript, Python), generics, array and optional marks.
    [
      'const password: string | undefined = "Xk9secret";',
      'const password: string | undefined = "[SECRET_1]";',
    ],
    ['password: str | None = "Xk9secret"', 'password: str | None = "[SECRET_1]"'],
    ['password: A & B = "Xk9secret"', 'password: A & B = "[SECRET_1]"'],
    [
      'password: Map<string, string | undefined> = "Xk9secret"',
      'password: Map<string, string | undefined> = "[SECRET_1]"',
    ],
    ['password: Option<String> = "Xk9secret"', 'password: Option<String> = "[SECRET_1]"'],
    ['const password: Array<string> = "Xk9secret"', 'const password: Array<string> = "[SECRET_1]"'],
    ['password: string[] = "Xk9secret"', 'password: string[] = "[SECRET_1]"'],
    ['private password?: string = "Xk9secret"', 'private password?: string = "[SECRET_1]"'],
    // References with lifetimes (Rust), qualified names.
    [`let password: &'static str = "Xk9secret";`, `let password: &'static str = "[SECRET_1]";`],
    [`let password: &'a str = "Xk9secret";`, `let password: &'a str = "[SECRET_1]";`],
    ['password: std::string = "Xk9secret"', 'password: std::string = "[SECRET_1]"'],
    // Triple-quoted values (TOML, Python), on one line or several.
    ['password = """Xk9secret"""', 'password = """[SECRET_1]"""'],
    ["password = '''Xk9secret'''", "password = '''[SECRET_1]'''"],
    ['password: str = """Xk9 "secret" 1"""', 'password: str = """[SECRET_1]"""'],
    ['password = """\nXk9secret\n"""', 'password = """[SECRET_1]"""'],
  ])('redacts the value in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    // Code that computes the value, and an empty triple-quoted one.
    'const password: string | undefined = readPassword();',
    `let password: &'static str = env!("DB_PASSWORD");`,
    'password = """"""',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});
