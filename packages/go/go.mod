module uuidshard

go 1.19
