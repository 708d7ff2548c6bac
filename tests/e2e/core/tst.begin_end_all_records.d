/* A program of BEGIN and END alone gets a records ring sized by what it can write: every
 * record still arrives. Ten BEGIN clauses each record seven strings of strsize 1024 (about the
 * largest record a clause may write) and fill an aggregation that END prints whole. */

#pragma D option quiet
#pragma D option strsize=1024

BEGIN
{
	this->s = strjoin("lt_clause_0_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[1] = sum(1);
	@lt_sums[2] = sum(2);
	@lt_sums[3] = sum(3);
	@lt_sums[4] = sum(4);
	@lt_sums[5] = sum(5);
	@lt_sums[6] = sum(6);
	@lt_sums[7] = sum(7);
	@lt_sums[8] = sum(8);
	@lt_sums[9] = sum(9);
	@lt_sums[10] = sum(10);
	@lt_sums[11] = sum(11);
	@lt_sums[12] = sum(12);
	@lt_sums[13] = sum(13);
	@lt_sums[14] = sum(14);
	@lt_sums[15] = sum(15);
	@lt_sums[16] = sum(16);
	@lt_sums[17] = sum(17);
	@lt_sums[18] = sum(18);
	@lt_sums[19] = sum(19);
	@lt_sums[20] = sum(20);
}

BEGIN
{
	this->s = strjoin("lt_clause_1_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[21] = sum(21);
	@lt_sums[22] = sum(22);
	@lt_sums[23] = sum(23);
	@lt_sums[24] = sum(24);
	@lt_sums[25] = sum(25);
	@lt_sums[26] = sum(26);
	@lt_sums[27] = sum(27);
	@lt_sums[28] = sum(28);
	@lt_sums[29] = sum(29);
	@lt_sums[30] = sum(30);
	@lt_sums[31] = sum(31);
	@lt_sums[32] = sum(32);
	@lt_sums[33] = sum(33);
	@lt_sums[34] = sum(34);
	@lt_sums[35] = sum(35);
	@lt_sums[36] = sum(36);
	@lt_sums[37] = sum(37);
	@lt_sums[38] = sum(38);
	@lt_sums[39] = sum(39);
	@lt_sums[40] = sum(40);
}

BEGIN
{
	this->s = strjoin("lt_clause_2_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[41] = sum(41);
	@lt_sums[42] = sum(42);
	@lt_sums[43] = sum(43);
	@lt_sums[44] = sum(44);
	@lt_sums[45] = sum(45);
	@lt_sums[46] = sum(46);
	@lt_sums[47] = sum(47);
	@lt_sums[48] = sum(48);
	@lt_sums[49] = sum(49);
	@lt_sums[50] = sum(50);
	@lt_sums[51] = sum(51);
	@lt_sums[52] = sum(52);
	@lt_sums[53] = sum(53);
	@lt_sums[54] = sum(54);
	@lt_sums[55] = sum(55);
	@lt_sums[56] = sum(56);
	@lt_sums[57] = sum(57);
	@lt_sums[58] = sum(58);
	@lt_sums[59] = sum(59);
	@lt_sums[60] = sum(60);
}

BEGIN
{
	this->s = strjoin("lt_clause_3_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[61] = sum(61);
	@lt_sums[62] = sum(62);
	@lt_sums[63] = sum(63);
	@lt_sums[64] = sum(64);
	@lt_sums[65] = sum(65);
	@lt_sums[66] = sum(66);
	@lt_sums[67] = sum(67);
	@lt_sums[68] = sum(68);
	@lt_sums[69] = sum(69);
	@lt_sums[70] = sum(70);
	@lt_sums[71] = sum(71);
	@lt_sums[72] = sum(72);
	@lt_sums[73] = sum(73);
	@lt_sums[74] = sum(74);
	@lt_sums[75] = sum(75);
	@lt_sums[76] = sum(76);
	@lt_sums[77] = sum(77);
	@lt_sums[78] = sum(78);
	@lt_sums[79] = sum(79);
	@lt_sums[80] = sum(80);
}

BEGIN
{
	this->s = strjoin("lt_clause_4_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[81] = sum(81);
	@lt_sums[82] = sum(82);
	@lt_sums[83] = sum(83);
	@lt_sums[84] = sum(84);
	@lt_sums[85] = sum(85);
	@lt_sums[86] = sum(86);
	@lt_sums[87] = sum(87);
	@lt_sums[88] = sum(88);
	@lt_sums[89] = sum(89);
	@lt_sums[90] = sum(90);
	@lt_sums[91] = sum(91);
	@lt_sums[92] = sum(92);
	@lt_sums[93] = sum(93);
	@lt_sums[94] = sum(94);
	@lt_sums[95] = sum(95);
	@lt_sums[96] = sum(96);
	@lt_sums[97] = sum(97);
	@lt_sums[98] = sum(98);
	@lt_sums[99] = sum(99);
	@lt_sums[100] = sum(100);
}

BEGIN
{
	this->s = strjoin("lt_clause_5_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[101] = sum(101);
	@lt_sums[102] = sum(102);
	@lt_sums[103] = sum(103);
	@lt_sums[104] = sum(104);
	@lt_sums[105] = sum(105);
	@lt_sums[106] = sum(106);
	@lt_sums[107] = sum(107);
	@lt_sums[108] = sum(108);
	@lt_sums[109] = sum(109);
	@lt_sums[110] = sum(110);
	@lt_sums[111] = sum(111);
	@lt_sums[112] = sum(112);
	@lt_sums[113] = sum(113);
	@lt_sums[114] = sum(114);
	@lt_sums[115] = sum(115);
	@lt_sums[116] = sum(116);
	@lt_sums[117] = sum(117);
	@lt_sums[118] = sum(118);
	@lt_sums[119] = sum(119);
	@lt_sums[120] = sum(120);
}

BEGIN
{
	this->s = strjoin("lt_clause_6_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[121] = sum(121);
	@lt_sums[122] = sum(122);
	@lt_sums[123] = sum(123);
	@lt_sums[124] = sum(124);
	@lt_sums[125] = sum(125);
	@lt_sums[126] = sum(126);
	@lt_sums[127] = sum(127);
	@lt_sums[128] = sum(128);
	@lt_sums[129] = sum(129);
	@lt_sums[130] = sum(130);
	@lt_sums[131] = sum(131);
	@lt_sums[132] = sum(132);
	@lt_sums[133] = sum(133);
	@lt_sums[134] = sum(134);
	@lt_sums[135] = sum(135);
	@lt_sums[136] = sum(136);
	@lt_sums[137] = sum(137);
	@lt_sums[138] = sum(138);
	@lt_sums[139] = sum(139);
	@lt_sums[140] = sum(140);
}

BEGIN
{
	this->s = strjoin("lt_clause_7_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[141] = sum(141);
	@lt_sums[142] = sum(142);
	@lt_sums[143] = sum(143);
	@lt_sums[144] = sum(144);
	@lt_sums[145] = sum(145);
	@lt_sums[146] = sum(146);
	@lt_sums[147] = sum(147);
	@lt_sums[148] = sum(148);
	@lt_sums[149] = sum(149);
	@lt_sums[150] = sum(150);
	@lt_sums[151] = sum(151);
	@lt_sums[152] = sum(152);
	@lt_sums[153] = sum(153);
	@lt_sums[154] = sum(154);
	@lt_sums[155] = sum(155);
	@lt_sums[156] = sum(156);
	@lt_sums[157] = sum(157);
	@lt_sums[158] = sum(158);
	@lt_sums[159] = sum(159);
	@lt_sums[160] = sum(160);
}

BEGIN
{
	this->s = strjoin("lt_clause_8_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[161] = sum(161);
	@lt_sums[162] = sum(162);
	@lt_sums[163] = sum(163);
	@lt_sums[164] = sum(164);
	@lt_sums[165] = sum(165);
	@lt_sums[166] = sum(166);
	@lt_sums[167] = sum(167);
	@lt_sums[168] = sum(168);
	@lt_sums[169] = sum(169);
	@lt_sums[170] = sum(170);
	@lt_sums[171] = sum(171);
	@lt_sums[172] = sum(172);
	@lt_sums[173] = sum(173);
	@lt_sums[174] = sum(174);
	@lt_sums[175] = sum(175);
	@lt_sums[176] = sum(176);
	@lt_sums[177] = sum(177);
	@lt_sums[178] = sum(178);
	@lt_sums[179] = sum(179);
	@lt_sums[180] = sum(180);
}

BEGIN
{
	this->s = strjoin("lt_clause_9_", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
	@lt_sums[181] = sum(181);
	@lt_sums[182] = sum(182);
	@lt_sums[183] = sum(183);
	@lt_sums[184] = sum(184);
	@lt_sums[185] = sum(185);
	@lt_sums[186] = sum(186);
	@lt_sums[187] = sum(187);
	@lt_sums[188] = sum(188);
	@lt_sums[189] = sum(189);
	@lt_sums[190] = sum(190);
	@lt_sums[191] = sum(191);
	@lt_sums[192] = sum(192);
	@lt_sums[193] = sum(193);
	@lt_sums[194] = sum(194);
	@lt_sums[195] = sum(195);
	@lt_sums[196] = sum(196);
	@lt_sums[197] = sum(197);
	@lt_sums[198] = sum(198);
	@lt_sums[199] = sum(199);
	@lt_sums[200] = sum(200);
}

BEGIN
{
	exit(0);
}

END
{
	printf("the end\n");
	printa("%d %@d\n", @lt_sums);
}
