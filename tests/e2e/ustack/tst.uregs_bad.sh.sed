# The probe id and the pid in the provider name change from run to run; the DIF offset is ours.
s/ID [0-9]+: pid[0-9]+:/ID N: pidN:/
s/DIF offset [0-9]+/DIF offset N/
