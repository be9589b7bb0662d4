// PunchModel: see README, "Architecture".
