module consumer

go 1.19

require uuidshard v0.5.0

// test.sh points this at the installed copy (go mod edit -replace); from a checkout, the source.
replace uuidshard => ../..
