process.env.TEST_DB = "embedded";
