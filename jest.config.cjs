// One Jest run over every package; each package keeps its own config.
module.exports = {
  projects: ['<rootDir>/shared', '<rootDir>/shell', '<rootDir>/mf-catalog', '<rootDir>/mf-applications', '<rootDir>/mf-cabinet', '<rootDir>/mf-messaging', '<rootDir>/api'],
};
