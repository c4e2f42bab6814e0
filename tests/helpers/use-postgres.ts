process.env.TEST_DB = "postgres";
