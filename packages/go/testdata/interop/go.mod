module interop

go 1.19

require (
	github.com/google/uuid v1.6.0
	uuidshard v0.5.0
)

// test.sh points both at local copies (go mod edit -replace): no module proxy is needed.
replace uuidshard => ../..
