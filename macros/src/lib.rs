//! `#[sql_function]`: one declaration for a SQL function that PostgreSQL calls directly through
//! the version-1 calling convention, without pgrx's argument and return wrapper.
//!
//! ```ignore
//! /// The bucket (0..n-1) of a v3/v4/v5/v7 UUID.
//! #[sql_function("uuid_bucket(id uuid, n integer) RETURNS integer", immutable, strict, parallel_safe)]
//! unsafe fn uuid_bucket_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
//!     /* reads its arguments from fcinfo (src/fmgr.rs), returns a Datum */
//! }
//! ```
//!
//! From that one item it writes:
//! - the exported `extern fn SYMBOL(fcinfo) -> Datum`, SYMBOL being the Rust name (the name the
//!   catalog keeps in `AS 'MODULE_PATHNAME', 'SYMBOL'`), under `#[pg_guard]` unless `unguarded`;
//! - its `pg_finfo_SYMBOL` record, which tells PostgreSQL it is version-1;
//! - the `CREATE FUNCTION @extschema@.SIGNATURE ... LANGUAGE c AS 'MODULE_PATHNAME', 'SYMBOL'`
//!   statement of the install script, with the markings given, through pgrx's `extension_sql!`.
//!
//! Markings: `immutable` | `stable` | `volatile` (one is required), `strict`, `parallel_safe` |
//! `parallel_restricted` (default PARALLEL UNSAFE, as PostgreSQL's), and `unguarded` for a body
//! that neither calls PostgreSQL nor allocates nor can panic: it is then `extern "C"`, so a
//! panic would abort the backend instead of unwinding into PostgreSQL.
use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Error, Ident, LitStr, Token};

struct Declaration {
    signature: LitStr,
    markings: Vec<Ident>,
}

impl Parse for Declaration {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let signature: LitStr = input.parse()?;
        let mut markings = Vec::new();
        if input.parse::<Option<Token![,]>>()?.is_some() {
            markings = Punctuated::<Ident, Token![,]>::parse_terminated(input)?
                .into_iter()
                .collect();
        }
        Ok(Declaration { signature, markings })
    }
}

/// The body: `unsafe fn SYMBOL(fcinfo: FunctionCallInfo) -> Datum { ... }`.
struct Body {
    attrs: Vec<syn::Attribute>,
    symbol: Ident,
    fcinfo: syn::FnArg,
    output: syn::ReturnType,
    block: Box<syn::Block>,
}

impl Parse for Body {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let f: syn::ItemFn = input.parse()?;
        let shape = "the item reads `unsafe fn SYMBOL(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum`";
        if f.sig.unsafety.is_none()
            || f.sig.abi.is_some()
            || f.sig.inputs.len() != 1
            || !f.sig.generics.params.is_empty()
        {
            return Err(Error::new_spanned(&f.sig, shape));
        }
        if matches!(f.sig.output, syn::ReturnType::Default) {
            return Err(Error::new_spanned(&f.sig, shape));
        }
        Ok(Body {
            attrs: f.attrs,
            symbol: f.sig.ident,
            fcinfo: f.sig.inputs.into_iter().next().expect("one input"),
            output: f.sig.output,
            block: f.block,
        })
    }
}

#[proc_macro_attribute]
pub fn sql_function(attr: TokenStream, item: TokenStream) -> TokenStream {
    let decl = syn::parse_macro_input!(attr as Declaration);
    let body = syn::parse_macro_input!(item as Body);
    match expand(decl, body) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn expand(decl: Declaration, body: Body) -> syn::Result<proc_macro2::TokenStream> {
    let mut volatility = None;
    let (mut strict, mut parallel, mut guarded) = (false, "UNSAFE", true);
    for m in &decl.markings {
        match m.to_string().as_str() {
            v @ ("immutable" | "stable" | "volatile") => {
                if volatility.replace(v.to_uppercase()).is_some() {
                    return Err(Error::new(m.span(), "one volatility only"));
                }
            }
            "strict" => strict = true,
            "parallel_safe" => parallel = "SAFE",
            "parallel_restricted" => parallel = "RESTRICTED",
            "unguarded" => guarded = false,
            _ => {
                return Err(Error::new(
                    m.span(),
                    "expected immutable, stable, volatile, strict, parallel_safe, parallel_restricted or unguarded",
                ))
            }
        }
    }
    let volatility =
        volatility.ok_or_else(|| Error::new(Span::call_site(), "say the volatility: immutable, stable or volatile"))?;
    let signature = decl.signature.value();
    let Some((head, result)) = signature.split_once(" RETURNS ") else {
        return Err(Error::new(
            decl.signature.span(),
            "the signature reads `name(arg type, ...) RETURNS type`",
        ));
    };
    let Some(sql_name) = head.split('(').next().map(str::trim).filter(|n| !n.is_empty()) else {
        return Err(Error::new(
            decl.signature.span(),
            "the signature starts with the function's name",
        ));
    };
    let symbol = &body.symbol;
    let sql = format!(
        "CREATE FUNCTION @extschema@.{head}\nRETURNS {result}\nLANGUAGE c {volatility}{strict} PARALLEL {parallel}\nAS 'MODULE_PATHNAME', '{symbol}';\n",
        head = head.trim(),
        result = result.trim(),
        strict = if strict { " STRICT" } else { "" },
    );
    // pgrx names each piece of the install script; the symbol is unique where SQL names may
    // be overloaded.
    let sql = LitStr::new(&sql, decl.signature.span());
    let piece = LitStr::new(&format!("{sql_name}_{symbol}"), decl.signature.span());
    let finfo = format_ident!("pg_finfo_{}", symbol);
    let (attrs, fcinfo, output, block) = (&body.attrs, &body.fcinfo, &body.output, &body.block);
    let function = if guarded {
        quote! {
            #(#attrs)*
            #[::pgrx::pg_guard]
            #[unsafe(no_mangle)]
            #[doc(hidden)]
            pub unsafe extern "C-unwind" fn #symbol(#fcinfo) #output {
                #[allow(unused_unsafe)]
                unsafe #block
            }
        }
    } else {
        quote! {
            #(#attrs)*
            #[unsafe(no_mangle)]
            #[doc(hidden)]
            pub unsafe extern "C" fn #symbol(#fcinfo) #output {
                #[allow(unused_unsafe)]
                unsafe #block
            }
        }
    };
    Ok(quote! {
        #function

        #[unsafe(no_mangle)]
        #[doc(hidden)]
        pub extern "C" fn #finfo() -> &'static ::pgrx::pg_sys::Pg_finfo_record {
            static V1: ::pgrx::pg_sys::Pg_finfo_record = ::pgrx::pg_sys::Pg_finfo_record { api_version: 1 };
            &V1
        }

        ::pgrx::extension_sql!(#sql, name = #piece);
    })
}
