import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A review found a secret written as a name/value pair sent, and the word `value` hidden instead: `"DB_PASSWORD","`
// read as PHP's `define('DB_PASSWORD', …)`, so the key `"value"` was taken for the secret, and the value after it was
// read after `value`, which names no secret. As a .NET setting's `<add key="DbPassword" value="…"/>` is, the value of
// such a pair is the secret its sibling names.
describe('DEFAULT_REDACTION_PATTERNS on a name/value pair whose name names a secret', () => {
  it.each([
    // ECS task definitions, compact, spaced and pretty-printed.
    [
      'Fix my ECS task definition: {"environment":[{"name":"DB_PASSWORD","value":"Hunter2x!"}]}',
      'Fix my ECS task definition: {"environment":[{"name":"DB_PASSWORD","value":"[SECRET_1]"}]}',
    ],
    ['{"name": "DB_PASSWORD", "value": "Hunter2x!"}', '{"name": "DB_PASSWORD", "value": "[SECRET_1]"}'],
    [
      '{\n  "name": "DB_PASSWORD",\n  "value": "Hunter2x!"\n}',
      '{\n  "name": "DB_PASSWORD",\n  "value": "[SECRET_1]"\n}',
    ],
    ['{"name":"API_TOKEN","value":"abc 123"}', '{"name":"API_TOKEN","value":"[SECRET_1]"}'],
    // AWS SSM parameters (a type between the name and the value), CloudFormation parameters, Elastic Beanstalk options,
    // tags.
    [
      '[{"Name":"/prod/db/password","Value":"Hunter2x!"}]',
      '[{"Name":"/prod/db/password","Value":"[SECRET_1]"}]',
    ],
    [
      '{"Name": "/prod/db/password", "Type": "SecureString", "Value": "Hunter2x!", "Version": 1}',
      '{"Name": "/prod/db/password", "Type": "SecureString", "Value": "[SECRET_1]", "Version": 1}',
    ],
    [
      '{"ParameterKey":"DBPassword","ParameterValue":"Hunter2x!"}',
      '{"ParameterKey":"DBPassword","ParameterValue":"[SECRET_1]"}',
    ],
    [
      '{"OptionName": "DB_PASSWORD", "Value": "Hunter2x!"}',
      '{"OptionName": "DB_PASSWORD", "Value": "[SECRET_1]"}',
    ],
    ['{"Key":"DB_PASSWORD","Value":"Hunter2x!"}', '{"Key":"DB_PASSWORD","Value":"[SECRET_1]"}'],
    ["{'name': 'db_password', 'value': 'Hunter2x!'}", "{'name': 'db_password', 'value': '[SECRET_1]'}"],
    // Kubernetes YAML, unquoted and quoted, and a flow mapping.
    ['- name: DB_PASSWORD\n  value: Hunter2x!', '- name: DB_PASSWORD\n  value: [SECRET_1]'],
    [
      'env:\n  - name: DB_PASSWORD\n    value: "Hunter 2x!"\n',
      'env:\n  - name: DB_PASSWORD\n    value: "[SECRET_1]"\n',
    ],
    ['- {name: DB_PASSWORD, value: Hunter2x!}', '- {name: DB_PASSWORD, value: [SECRET_1]'],
    // A name of a secret holds one whatever it looks like (fail closed), as after `DB_PASSWORD=`.
    ['{"name":"password_hint","value":"see wiki"}', '{"name":"password_hint","value":"[SECRET_1]"}'],
    // After a name that is a word of code too, a value shaped like a secret.
    ['{"name":"DB_PASS","value":"hunter2"}', '{"name":"DB_PASS","value":"[SECRET_1]"}'],
    ['{"name":"STRIPE_KEY","value":"Zq81mXv0Lr7"}', '{"name":"STRIPE_KEY","value":"[SECRET_1]"}'],
    // PHP's define() keeps its value.
    [`define('DB_PASSWORD', 'letmein');`, `define('DB_PASSWORD', '[SECRET_1]');`],
    [`define("DB_PASSWORD","letmein");`, `define("DB_PASSWORD","[SECRET_1]");`],
  ])('redacts the value, not its key, in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    // Names of no secret, a value the environment or a secret store gives, a weak name's word, separate objects.
    '{"environment":[{"name":"DB_HOST","value":"db.internal"}]}',
    `{"name":"DB_PASSWORD","value":"\${DB_PASSWORD}"}`,
    '- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password',
    '{"name":"DB_PASS","value":"see wiki"}',
    '[{"name":"DB_PASSWORD"},{"value":"public"}]',
    '{"name":"password","type":"string","required":true}',
    '{"key":"DB_PASSWORD","description":"The database password"}',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});
