// PunchDetect: see README, "Architecture".
