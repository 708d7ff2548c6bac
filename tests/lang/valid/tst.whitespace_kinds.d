/* Tabs, form feeds and vertical tabs are white space. */
BEGIN	{	lt_x=	1;}
END{ trace(lt_x); }
