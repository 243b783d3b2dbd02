// Passwords of at least 8 characters (shorter ones fail the contract anyway) that top the
// public leak lists, Russian keyboard-layout ones included. Compared in lower case.
export const commonPasswords: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '0123456789', '87654321', '987654321', '9876543210',
  '11111111', '111111111', '1111111111', '00000000', '000000000', '0000000000', '22222222', '33333333',
  '55555555', '66666666', '77777777', '88888888', '99999999', '12341234', '12344321', '11223344',
  '12121212', '13131313', '11112222', '12312312', '123123123', '123321123', '147258369', '159753159',
  '12qwaszx', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', '1qaz2wsx', '1qaz2wsx3edc', 'zaq12wsx', 'zaq1zaq1',
  'q1w2e3r4', 'q1w2e3r4t5', 'q1w2e3r4t5y6', 'a1b2c3d4', 'qwer1234', 'qwerty12', 'qwerty123', 'qwerty1234',
  'qwerty12345', 'qwertyui', 'qwertyuiop', 'qwertyuiop123', 'asdfghjk', 'asdfghjkl', 'asdf1234', 'zxcvbnm1',
  'zxcvbnm123', 'qazwsxedc', 'qweasdzxc', 'qweqweqwe', 'asdasdasd', 'abcd1234', 'abc12345', 'abcdefgh',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pass1234',
  'password!', 'admin123', 'admin1234', 'administrator', 'root1234', 'welcome1', 'welcome123', 'letmein1',
  'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball', 'superman', 'batman123',
  'starwars', 'whatever', 'trustno1', 'dragon123', 'master123', 'monkey123', 'shadow123', 'michael1',
  'jennifer', 'computer', 'internet', 'changeme', 'default1', 'secret123', 'test1234', 'testtest',
  'samsung1', 'nokia123', 'google123', 'mypassword', 'loveyou1', 'lovelove', 'blablabla', 'hello123',
  'qwerty123456', 'aaaaaaaa', 'zzzzzzzz', 'asdfasdf', 'q1q1q1q1', 'a1a1a1a1', '1a2b3c4d', 'zxcvbnma',
  'natasha1', 'nikita123', 'marina123', 'maksim123', 'sergey123', 'andrey123', 'alexander', 'aleksandr',
  'vladimir', 'dmitriy1', 'svetlana', 'tatyana1', 'ekaterina', 'anastasia', 'kristina', 'viktoria',
  'spartak1', 'zenit123', 'moskva123', 'russia123', 'rossiya1', 'parol123', 'parol1234', 'parolparol',
  'йцукенгш', 'йцукенгшщз', 'йцукенгшщзхъ', 'фывапрол', 'фывапролдж', 'ячсмитьб', 'пароль123', 'парольпароль',
  'пароль1234', 'пароль12', 'пароль01', 'любовьморковь', 'привет123', 'qwerty00', 'йцукен123', 'апрель2024',
]);
